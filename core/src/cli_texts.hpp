#pragma once
// Whether this object carries the texts only the CLI and the docs show: CLI flags, how an empty
// input resolves, the accelerators' and the model presets' citations and notes. CMakeLists.txt
// builds the files that hold them a second time for the page's first module with
// LLM_SIZER_WITHOUT_CLI_TEXTS, so that its tables point at none of that text (plan_fields.cpp,
// accelerator_catalog.cpp, model_catalog.cpp).

namespace llm_sizer {

#ifdef LLM_SIZER_WITHOUT_CLI_TEXTS
inline constexpr bool kCliTexts = false;
#else
inline constexpr bool kCliTexts = true;
#endif

}  // namespace llm_sizer

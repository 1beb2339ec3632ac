// Messages split from the catalogs at build (vite.config.js, scripts/page-messages.mjs) that
// arrive with the code that shows them. The config.json importer's:
declare module 'virtual:hf-messages' {
  const tables: Record<'en' | 'zh', Record<string, string>>;
  export default tables;
}

// The derivation steps' messages that only the full module needs (vite.config.js).
declare module 'virtual:full-messages' {
  const tables: Record<'en' | 'zh', Record<string, string>>;
  export default tables;
}

// The public measurements' messages, with their table (MeasuredMemory.tsx).
declare module 'virtual:measured-messages' {
  const tables: Record<'en' | 'zh', Record<string, string>>;
  export default tables;
}

// The serving model's derivation and panel messages, split from the catalogs at build
// (vite.config.js): they arrive with the full module that computes what they describe.
declare module 'virtual:serving-messages' {
  const tables: Record<'en' | 'zh', Record<string, string>>;
  export default tables;
}

// The config.json importer's messages, split from the catalogs at build (vite.config.js).
declare module 'virtual:hf-messages' {
  const tables: Record<'en' | 'zh', Record<string, string>>;
  export default tables;
}

// Messages packed with the code that shows them (vite.config.js, PACKS).
declare module 'virtual:messages/*' {
  const tables: Record<'en' | 'zh', Record<string, string>>;
  export default tables;
}

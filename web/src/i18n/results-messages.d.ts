// The messages only the step-time details and the search's results name, split from the
// catalogs at build (vite.config.js) and added when those components load.
declare module 'virtual:results-messages' {
  const tables: Record<'en' | 'zh', Record<string, string>>;
  export default tables;
}

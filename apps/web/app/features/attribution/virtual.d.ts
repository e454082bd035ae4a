/** The tracking script built by vite.config.ts, as text. */
declare module "virtual:cw-attribution-script" {
  const source: string;
  export default source;
}

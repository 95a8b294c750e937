// pdfmake ships its Roboto font descriptor as untyped CommonJS. Importing it (rather than building
// paths from process.cwd() or import.meta.url) gives absolute font paths under both tsx (ESM) and
// jest (babel CommonJS), whatever the working directory.
declare module 'pdfmake/fonts/Roboto.js' {
  const fonts: { Roboto: { normal: string; bold: string; italics: string; bolditalics: string } };
  export default fonts;
}

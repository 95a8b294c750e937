// Only jest uses babel: it strips TypeScript and turns ES modules into CommonJS for the test
// runtime. The app itself runs TypeScript directly with tsx, and the frontend is built by Vite.
module.exports = {
  presets: [
    ['@babel/preset-env', { targets: { node: '20' } }],
    ['@babel/preset-typescript', { allowDeclareFields: true }],
  ],
};

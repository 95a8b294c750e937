// Lints snippets as if they were files of the project, with the project's own eslint.config.js,
// and prints each one's messages as JSON. It runs as its own process because jest's module sandbox
// cannot load an ES-module config. Input (stdin): [{ filePath, code }], filePath relative to argv[2].
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ESLint } from 'eslint';

const root = path.resolve(process.argv[2]);
const snippets = JSON.parse(await text(process.stdin));
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath), warnIgnored: true });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));

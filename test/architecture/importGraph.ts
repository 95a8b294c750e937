import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's own import graph, file to file, as the TypeScript compiler resolves it (each
 * tsconfig's `paths`, `@cc/*` workspaces, extensions). Type-only imports count: a cycle of types
 * still ties two modules together, so neither can move or be read alone. Packages from npm are
 * left out; a workspace reached through its node_modules link counts as the file it links to.
 */
export function importGraph(tsconfigs: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const tsconfig of tsconfigs) {
    const { fileNames, options } = readTsconfig(tsconfig);
    for (const file of fileNames.map(real)) {
      const edges = graph.get(file) ?? new Set<string>();
      graph.set(file, edges);
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
        if (!resolved || resolved.endsWith('.d.ts')) continue;
        const target = real(resolved);
        if (!target.split(path.sep).includes('node_modules')) edges.add(target);
      }
    }
  }
  return graph;
}

function readTsconfig(tsconfig: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${tsconfig}`);
  return parsed;
}

const real = (file: string) => fs.realpathSync(file);

/**
 * Every cycle of the graph, as the files of each strongly connected component that has more than
 * one file (or a file importing itself), sorted so the answer is stable (Tarjan's algorithm).
 */
export function importCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; edges: Iterator<string> }[] = [];
    const enter = (file: string) => {
      index.set(file, next);
      low.set(file, next++);
      stack.push(file);
      onStack.add(file);
      work.push({ file, edges: (graph.get(file) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edge = top.edges.next();
      if (!edge.done) {
        const to = edge.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.file, Math.min(low.get(top.file)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(top.file)!));
      if (low.get(top.file) !== index.get(top.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.file);
      if (component.length > 1 || graph.get(top.file)?.has(top.file)) found.push(component.sort());
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

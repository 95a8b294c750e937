import type { RequestHandler } from 'express';
import { findControlCharacter, hasControlCharacter, problems, type FieldError } from '@cc/platform';

/** A query value that is JSON (the list contract's `sort`, `range`, `filter`) is checked as what it decodes to. */
function decodedJson(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[' && start !== '"') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function inPath(url: string): FieldError | undefined {
  const path = url.split('?')[0]!;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue; // Express answers a malformed escape itself, before any route runs.
    }
    if (hasControlCharacter(decoded)) return findControlCharacter(decoded, 'path');
  }
  return undefined;
}

function inQuery(query: Record<string, unknown>): FieldError | undefined {
  const raw = findControlCharacter(query, 'query');
  if (raw) return raw;
  for (const [key, value] of Object.entries(query)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string') continue;
      const found = findControlCharacter(decodedJson(text), `query.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * One rule for every string the API takes in, before any route (and so any command) runs: no C0
 * control character besides tab, line feed and carriage return, in the path, the query (and JSON
 * inside it), the headers, or the JSON body, keys included. A refusal is a 400 naming the field.
 * Node's HTTP parser already refuses control characters in headers; checking them here as well
 * keeps the rule whole when a deployment relaxes the parser.
 */
export function refuseControlCharacters(): RequestHandler {
  return (req, _res, next) => {
    const found =
      inPath(req.originalUrl) ??
      inQuery(req.query as Record<string, unknown>) ??
      findControlCharacter(req.headers, 'headers') ??
      (req.body === undefined ? undefined : findControlCharacter(req.body));
    next(found ? problems.validation([found]) : undefined);
  };
}

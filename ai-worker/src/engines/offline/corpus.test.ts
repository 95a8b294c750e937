import fs from 'node:fs';
import path from 'node:path';
import { analysisResultSchema, type NexusClassification } from '@cc/contracts';
import { extractDocumentText } from '../../extraction/extractText';
import { textToPdf } from '../../testing/makePdf';
import { createOfflineEngine } from './engine';

/**
 * Runs the offline engine on every labelled document in ai-worker/corpus and measures condition
 * precision/recall (micro-averaged) and nexus classification accuracy against the sidecar labels.
 */
interface Expected {
  conditions: string[];
  documentType: string;
  nexus?: { classification: NexusClassification; hasRequiredLanguage: boolean };
}

const CORPUS = path.resolve(__dirname, '../../../corpus');
const docs = fs
  .readdirSync(CORPUS)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => ({
    name: f.replace(/\.txt$/, ''),
    text: fs.readFileSync(path.join(CORPUS, f), 'utf8'),
    expected: JSON.parse(fs.readFileSync(path.join(CORPUS, f.replace(/\.txt$/, '.expected.json')), 'utf8')) as Expected,
  }));

const engine = createOfflineEngine();

describe('offline engine on the labelled corpus', () => {
  it('has at least 15 labelled documents', () => {
    expect(docs.length).toBeGreaterThanOrEqual(15);
  });

  // PDF text comes out one printed line at a time, so sentences arrive wrapped: the scores must hold for that too.
  it.each(['as text', 'printed to PDF and extracted'])('meets precision 0.9 / recall 0.8 for conditions and 0.9 accuracy for nexus language (%s)', async (form) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let nexusTotal = 0;
    let nexusCorrect = 0;
    let typesCorrect = 0;
    const rows: Record<string, string | number>[] = [];
    const misses: string[] = [];
    for (const doc of docs) {
      const text = form === 'as text' ? doc.text : await extractDocumentText(textToPdf(doc.text), 'application/pdf');
      const general = await engine.analyze({ text, analysisType: 'general' });
      if (general.documentType === doc.expected.documentType) typesCorrect++;
      else misses.push(`${doc.name}: document type "${general.documentType}", expected "${doc.expected.documentType}"`);
      const found = new Set(general.relevantConditions);
      const want = new Set(doc.expected.conditions);
      const dtp = [...found].filter((c) => want.has(c)).length;
      const dfp = [...found].filter((c) => !want.has(c));
      const dfn = [...want].filter((c) => !found.has(c));
      tp += dtp;
      fp += dfp.length;
      fn += dfn.length;
      if (dfp.length || dfn.length) misses.push(`${doc.name}: extra [${dfp.join(', ')}] missed [${dfn.join(', ')}]`);
      let nexus = '-';
      if (doc.expected.nexus) {
        const r = await engine.analyze({ text, analysisType: 'nexus-letter' });
        const ev = r.nexusEvaluation!;
        const ok = ev.classification === doc.expected.nexus.classification && ev.hasRequiredLanguage === doc.expected.nexus.hasRequiredLanguage;
        nexusTotal++;
        if (ok) nexusCorrect++;
        else misses.push(`${doc.name}: nexus ${ev.classification}/${ev.hasRequiredLanguage}, expected ${doc.expected.nexus.classification}/${doc.expected.nexus.hasRequiredLanguage}`);
        nexus = `${ev.classification}${ev.hasRequiredLanguage ? '+lang' : ''} ${ok ? 'ok' : 'WRONG'}`;
      }
      rows.push({ document: doc.name, tp: dtp, fp: dfp.length, fn: dfn.length, nexus });
    }
    const precision = tp / (tp + fp || 1);
    const recall = tp / (tp + fn || 1);
    const accuracy = nexusCorrect / (nexusTotal || 1);
    const typeAccuracy = typesCorrect / docs.length;
    console.log(
      [
        `Offline engine corpus evaluation (${form})`,
        ...rows.map((r) => `  ${String(r.document).padEnd(40)} tp=${r.tp} fp=${r.fp} fn=${r.fn} nexus=${r.nexus}`),
        `  conditions: precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  (tp ${tp}, fp ${fp}, fn ${fn})`,
        `  nexus language accuracy ${accuracy.toFixed(3)} (${nexusCorrect}/${nexusTotal})`,
        `  document type accuracy ${typeAccuracy.toFixed(3)} (${typesCorrect}/${docs.length})`,
        ...misses.map((m) => `  miss: ${m}`),
      ].join('\n'),
    );
    expect(nexusTotal).toBeGreaterThanOrEqual(10);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    expect(typeAccuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('every finding from the text carries its source sentence', async () => {
    for (const doc of docs) {
      const r = await engine.analyze({ text: doc.text, analysisType: 'general' });
      for (const f of r.conditionFindings) expect(doc.text.replace(/\s+/g, ' ')).toContain(f.source.replace(/\s+/g, ' '));
    }
  });

  it('every analysis type validates against analysisResultSchema for every document', async () => {
    const { ANALYSIS_TYPES } = await import('@cc/contracts');
    for (const doc of docs) {
      for (const analysisType of ANALYSIS_TYPES) {
        const r = await engine.analyze({ text: doc.text, analysisType });
        const parsed = analysisResultSchema.safeParse(r);
        if (!parsed.success) throw new Error(`${doc.name}/${analysisType}: ${parsed.error.message}`);
      }
    }
  });
});

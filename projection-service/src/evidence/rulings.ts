import { evidenceRuling, rulingKey, type EvidenceAnalysis, type EvidenceInput, type EvidenceRuling } from './rules';

/**
 * The rulings made during one batch, each kept by what it was made from (`rulingKey`), so that the
 * batch asking again for the same input gets it without running the rules: a claim moved between
 * two steps of the review, a document linked before it has an analysis, a map recomputed once per
 * event and again when the batch settles. Made anew for every batch and dropped with it, since the
 * rulings quote the veteran's deciphered documents.
 */
export class BatchRulings {
  private readonly made = new Map<string, EvidenceRuling>();
  /** A number per analysis result seen: a result is a row's value, the same object while the batch holds the row. */
  private readonly results = new WeakMap<EvidenceAnalysis['result'], number>();
  private nextResult = 0;
  private readonly resultId = (result: EvidenceAnalysis['result']): number => {
    let id = this.results.get(result);
    if (id === undefined) {
      id = this.nextResult++;
      this.results.set(result, id);
    }
    return id;
  };

  /** The rules' ruling over this input. */
  of(input: EvidenceInput): EvidenceRuling {
    const key = rulingKey(input, this.resultId);
    let ruling = this.made.get(key);
    if (!ruling) {
      ruling = evidenceRuling(input);
      this.made.set(key, ruling);
    }
    return ruling;
  }
}

import { z } from 'zod';
import { CLAIM_STATUS_LABELS, type Citation } from '@cc/contracts';
import { sidesConflict } from '@cc/contracts/reading';
import { NSAID_PRIMARY, SECONDARY_PAIRS, type SecondaryPair } from '../../engines/offline/secondary';
import { cfr, dbq } from '../citations';
import { claimNames, conditionByName, conditionsIn, NSAID_WORDS, type ConditionDef } from '../conditions';
import { claimCitation, documentCitation, type ChatTool } from './types';

/** DOMAIN §6 row 23, written into regulation; not a pair the document analysis looks for. */
const AMPUTATION_ROW: SecondaryPair = {
  row: 23,
  primaries: ['Leg amputation'],
  secondaries: [{ name: 'Ischemic heart disease or other cardiovascular disease' }],
  mechanism: 'One leg amputated at or above the knee, or both legs at or above the ankle',
  reg: '38 CFR 3.310(c)',
};

const PAIRS = [...SECONDARY_PAIRS, AMPUTATION_ROW];

const args = z.object({ condition: z.string().min(1).max(200) });
export type SecondaryArgs = z.infer<typeof args>;

/** The primary names a condition stands for in DOMAIN §6 (the spine group shares its rows). */
function primaryNames(text: string): string[] {
  if (/\bamputat\w*/i.test(text)) return ['Leg amputation'];
  if (NSAID_WORDS.test(text)) return [NSAID_PRIMARY];
  const found = conditionsIn(text);
  const names = found.map((c) => c.name);
  if (names.some((n) => ['Lumbosacral strain', 'Degenerative disc disease', 'Intervertebral disc syndrome'].includes(n))) {
    names.push('Lumbosacral strain', 'Degenerative disc disease', 'Intervertebral disc syndrome');
  }
  return [...new Set(names)];
}

const regCitation = (reg: string): Citation => {
  const section = /38 CFR ([\d.]+(?:\([a-z]\))?)/.exec(reg)?.[1];
  if (section) return cfr(section);
  if (/spine formula/i.test(reg)) return cfr('4.71a', 'General Rating Formula for the spine, Note (1)');
  if (/DC 7913/i.test(reg)) return cfr('4.119', 'Diabetes mellitus, Note (1)');
  return cfr('3.310');
};

export const secondaryConditionsTool: ChatTool<SecondaryArgs> = {
  name: 'secondary_conditions',
  description:
    'Lists conditions commonly claimed as secondary to a service-connected condition (DOMAIN §6: mechanism, regulation where the link is written into it), and whether the veteran has it service connected or has documents naming secondary conditions.',
  parameters: {
    type: 'object',
    properties: { condition: { type: 'string', description: 'The primary (service-connected) condition' } },
    required: ['condition'],
  },
  parse: (value) => args.parse(value ?? {}),
  run({ condition }, { file }) {
    const names = primaryNames(condition);
    const rows = PAIRS.filter((p) => p.primaries.some((n) => names.includes(n)));
    const shown: ConditionDef | undefined = names.map(conditionByName).find(Boolean);
    const label = shown?.name ?? names[0] ?? condition;
    if (rows.length === 0) {
      return {
        markdown: `I have no list of secondary conditions for "${condition}". Any condition caused or worsened by a service-connected one can be claimed as secondary with a medical nexus or aggravation opinion.`,
        citations: [cfr('3.310(a)'), cfr('3.310(b)')],
        data: { condition, secondaries: [] },
      };
    }
    const citations: Citation[] = [cfr('3.310(a)', 'Secondary service connection'), cfr('3.310(b)', 'Aggravation')];
    const lines = [`Conditions often claimed as secondary to **${label.toLowerCase()}** (the primary must be service connected):`];
    const secondaries: { name: string; mechanism: string; regulation?: string; contested?: boolean }[] = [];
    for (const row of rows) {
      for (const s of row.secondaries) {
        const notes = [
          row.mechanism,
          row.reg ? `written into regulation: ${row.reg}` : '',
          row.contested ? 'contested — it depends on the medical opinion' : '',
        ].filter(Boolean);
        lines.push(`- **${s.name}** — ${notes.join('; ')}`);
        secondaries.push({ name: s.name, mechanism: row.mechanism, regulation: row.reg, contested: row.contested });
      }
      if (row.reg) citations.push(regCitation(row.reg));
    }
    lines.push(
      '',
      'Each one still needs a current diagnosis and a medical opinion that the primary condition caused it or made it worse ("at least as likely as not"), except where the link is written into regulation.',
    );
    const def = names.map(conditionByName).find((c) => c?.dbq);
    if (def?.dbq) {
      const number = /^(21-0960[A-Z]-\d+)/.exec(def.dbq)?.[1];
      if (number) citations.push(dbq(number, def.dbq.slice(number.length + 1)));
    }
    // The same condition on the other side is another disability (38 CFR 4.25(b)): it cannot be this primary.
    const yours = file.claims.filter((c) => shown && claimNames(c.condition, shown) && !sidesConflict(condition, c.condition));
    for (const claim of yours) {
      const status =
        claim.status === 'approved'
          ? `approved${claim.ratingPercentage !== null ? ` at ${claim.ratingPercentage}%` : ''}, so it can serve as the primary condition`
          : `${CLAIM_STATUS_LABELS[claim.status]}; a secondary claim needs the primary to be service connected first, or both claimed together (38 CFR 3.310(a))`;
      lines.push(`Your claim ${claim.claimNumber} (${claim.condition}) is ${status}.`);
      citations.push(claimCitation(claim));
    }
    for (const document of file.documents) {
      const found =
        document.analysis?.secondaryConditions.filter((s) =>
          names.some((n) => s.causedByPrimary.toLowerCase().includes(n.toLowerCase().split(' ')[0]!)),
        ) ?? [];
      if (found.length === 0) continue;
      lines.push(`Your document "${document.fileName}" was analysed and names: ${found.map((s) => s.secondaryCondition).join(', ')}.`);
      citations.push(documentCitation(document));
    }
    return { markdown: lines.join('\n'), citations, data: { condition: label, secondaries } };
  },
};

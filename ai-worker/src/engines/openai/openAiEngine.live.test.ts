import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analysisResultSchema } from '@cc/contracts';
import { fromEnv } from './openAiEngine';

/**
 * Contract test against the real OpenAI API (or the server in OPENAI_BASE_URL). It runs only when
 * OPENAI_API_KEY is set: this machine has no network, so CI skips it.
 */
const engine = fromEnv(process.env);
const describeLive = engine ? describe : describe.skip;

describeLive('OpenAI engine against the live service', () => {
  const letter = readFileSync(path.resolve(__dirname, '../../../corpus/nexus-strong-osa-secondary-ptsd.txt'), 'utf8');

  it('evaluates a strong nexus letter into a valid result', async () => {
    const result = await engine!.analyze({ text: letter, analysisType: 'nexus-letter' });
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.engine.name).toBe('openai');
    expect(result.relevantConditions.join(' ')).toMatch(/sleep apnea/i);
    expect(result.nexusEvaluation?.hasRequiredLanguage).toBe(true);
  }, 120_000);
});

import { answerQuestion } from '../answer';
import { chatEngineFromEnv } from './chatEngine';
import { TWO_APPROVED_CLAIMS } from '../../testing/veteranFile';

/**
 * Contract test against the real OpenAI API (or the compatible server in OPENAI_BASE_URL, e.g. a
 * local Ollama). It runs only when OPENAI_API_KEY is set: this machine has no network, so CI skips it.
 */
const engine = chatEngineFromEnv(process.env);
const describeLive = engine ? describe : describe.skip;

describeLive('OpenAI chat engine against the live service', () => {
  it("streams a grounded answer that uses the combined-rating tool on the veteran's claims", async () => {
    const deltas: string[] = [];
    const answer = await answerQuestion(
      engine!,
      {
        question: 'What is my combined rating?',
        history: [],
        file: TWO_APPROVED_CLAIMS,
        now: new Date(),
      },
      { signal: new AbortController().signal, onDelta: (t) => deltas.push(t) },
    );
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(answer.content);
    expect(answer.content).toContain('70');
    expect(answer.citations.map((c) => c.label)).toContain('38 CFR 4.25');
  }, 120_000);
});

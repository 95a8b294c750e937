/**
 * The user's stream: every claim, document and analysis of a user is decided on
 * it, so a command must cost the same for a user with years of history as for a new one. Measured:
 * the same command (start an analysis, Pro plan) for a user with 10,000 past analyses and for new
 * users, interleaved in the same run.
 */
import { randomUUID } from 'node:crypto';
import { analysisMonth } from '@cc/contracts';
import { userDecider } from '../command-service/src/users/decider';
import { handleCommand } from '../platform/src/commands/handleCommand';
import { createKnex } from '../platform/src/db/knex';
import { migrate } from '../platform/src/db/migrations';
import { PostgresEventStore } from '../platform/src/eventstore/postgres';
import { eventStoreMigrations } from '../platform/src/eventstore/postgresMigrations';
import type { NewEvent } from '../platform/src/eventstore/types';
import { size, type BenchContext, type BenchSuite } from './harness';

/** Only the envelope matters here: nothing in the command path opens it. */
const SEALED = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' } as const;

const member = (userId: string): NewEvent[] => [
  { type: 'UserRegistered', data: { userId, memberTier: 'free', authMethod: 'password', personal: SEALED } },
  { type: 'UserTierChanged', data: { userId, from: 'free', to: 'pro', reason: 'subscription' } },
];

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export const userStreamBench: BenchSuite = {
  name: 'user-stream',
  async run(ctx: BenchContext) {
    const url = await ctx.createDatabase();
    const knex = createKnex(url, { max: 8 });
    const store = new PostgresEventStore({ knex });
    try {
      await migrate(knex, 'platform', eventStoreMigrations);
      const month = analysisMonth(new Date());
      const pastAnalyses = size(ctx, 10_000, 1_000);
      const samples = size(ctx, 150, 15);

      const veteran = randomUUID();
      const history = [
        ...member(veteran),
        ...Array.from({ length: pastAnalyses }, (_, i) => ({
          type: 'UserDocumentAnalysisStarted',
          data: { userId: veteran, documentId: randomUUID(), analysisId: `past-${i}`, month },
        })),
      ];
      for (let done = 0; done < history.length; done += 1_000) {
        await store.appendToStream(`user-${veteran}`, history.slice(done, done + 1_000), { expectedVersion: done });
      }
      const newcomers = Array.from({ length: samples + 1 }, () => randomUUID());
      for (const userId of newcomers) await store.appendToStream(`user-${userId}`, member(userId), { expectedVersion: 0 });

      const start = async (userId: string) => {
        const began = performance.now();
        await handleCommand({
          store,
          streamId: `user-${userId}`,
          decider: userDecider,
          command: { type: 'StartDocumentAnalysis', data: { userId, documentId: randomUUID(), analysisId: randomUUID(), month } },
          metadata: {},
        });
        return performance.now() - began;
      };

      // The first command after a history written without snapshots folds it once (reported, not judged).
      const firstFold = await start(veteran);
      await start(newcomers[0]!);
      ctx.log(`first command over ${pastAnalyses} past analyses: ${firstFold.toFixed(1)} ms`);

      // Interleaved, so both sides share whatever else the machine is doing. Code whose cost grows
      // with the history takes seconds a command; a time budget keeps that run short (≥ 3 samples).
      const budgetMs = 60_000;
      const began = performance.now();
      const old: number[] = [];
      const fresh: number[] = [];
      for (let i = 1; i <= samples && (i <= 3 || performance.now() - began < budgetMs); i++) {
        old.push(await start(veteran));
        fresh.push(await start(newcomers[i]!));
      }
      const ratio = mean(old) / mean(fresh);
      ctx.log(`${old.length} commands each: ${mean(old).toFixed(2)} ms with history, ${mean(fresh).toFixed(2)} ms new`);
      return [
        {
          figure: `command on the user's stream, ${pastAnalyses} past analyses`,
          value: `${mean(old).toFixed(2)} ms`,
          baseline: `${mean(fresh).toFixed(2)} ms new user`,
          ratio,
          target: '≤ 2× new user',
          ok: ratio <= 2,
        },
      ];
    } finally {
      await store.close();
      await knex.destroy();
    }
  },
};

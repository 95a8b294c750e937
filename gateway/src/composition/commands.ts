import { randomUUID } from 'node:crypto';
import { BILLING_SERVICE, createCommandService } from '@cc/command-service';
import type { ProjectionService } from '@cc/projection-service';
import { renderAnalysisReport } from '@cc/ai-worker/report/analysisReport';
import { renderTemplatePdf, templateFileName } from '@cc/ai-worker/pdforge/templatePdf';
import { createPaymentProvider, TestModeProvider } from '@cc/billing-service';
import type { AppConfig, GlobalPosition, Logger } from '@cc/platform';
import type { Foundation } from './foundation';

export interface CommandsOptions {
  config: AppConfig;
  logger: Logger;
  foundation: Foundation;
  /** The read side's queries (read models in the shared database), for answering commands with what the user will see. */
  queries: ProjectionService['queries'];
  /** Waits for the asynchronous read models (only those named, when the caller names what it reads). */
  waitForReadModels(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  analysisWaitMs?: number;
  uploadTransferLimitMs?: number;
  billingNow?: () => Date;
}

/** The write side with its payment provider, as the one process and the command service both run it. */
export function composeCommands(options: CommandsOptions) {
  const { config, logger, foundation, queries, waitForReadModels } = options;
  const { knex, store, vault, storage } = foundation;
  // The provider reports payments through the same path as Stripe's webhook; `commands` is made
  // right below, before anything can be reported.
  const deliverFact = (fact: Parameters<NonNullable<typeof commands.billing>['ingest']>[0], correlationId: string = randomUUID()) =>
    commands.billing!.ingest(fact, { userId: null, service: BILLING_SERVICE, correlationId });
  const provider = createPaymentProvider(
    config.billing.kind === 'stripe'
      ? { ...config.billing }
      : { kind: 'test', coupons: config.billing.coupons, graceDays: config.billing.graceDays },
    { knex, deliver: (fact) => deliverFact(fact), logger, now: options.billingNow },
  );
  logger.info({ provider: provider.kind }, 'payment provider');
  const commands = createCommandService({
    store,
    vault,
    knex,
    storage,
    readBack: { waitFor: waitForReadModels, ...queries },
    analysis: { waitMs: options.analysisWaitMs ?? 60_000, renderReport: renderAnalysisReport },
    templates: { render: renderTemplatePdf, fileName: templateFileName },
    uploadTransferLimitMs: options.uploadTransferLimitMs ?? config.http.uploadTransferLimitMs,
    dbqSyncUrl: config.dbqSyncUrl,
    now: options.billingNow,
    billing: {
      provider,
      readBack: { waitFor: waitForReadModels, subscription: queries.subscription },
      currentSubscriptionId: queries.currentSubscriptionId,
      publicUrl: config.publicUrl,
    },
  });
  const advanceClock = async () => {
    if (provider instanceof TestModeProvider) await provider.advance();
  };
  return { commands, provider, deliverFact, advanceClock };
}

export type ComposedCommands = ReturnType<typeof composeCommands>;

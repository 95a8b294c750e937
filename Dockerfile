# syntax=docker/dockerfile:1
# One image for every service (docs/decisions/topology.md); docker-compose.yml picks the service with `command`.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-service/package.json command-service/
COPY projection-service/package.json projection-service/
COPY ai-worker/package.json ai-worker/
COPY billing-service/package.json billing-service/
COPY notification-service/package.json notification-service/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
RUN npm ci --no-fund --no-audit

FROM deps AS build
COPY . .
RUN node scripts/build-frontend.mjs --force

FROM deps AS prod-deps
# Dev dependencies (jest, eslint, vite...) stay out of the runtime image. tsx, which runs the
# TypeScript, is a dependency of the gateway workspace, so the prune keeps the lockfile's copy.
RUN npm prune --omit=dev --no-fund --no-audit

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.base.json ./
COPY --from=build /app/contracts ./contracts
COPY --from=build /app/platform ./platform
COPY --from=build /app/command-service ./command-service
COPY --from=build /app/projection-service ./projection-service
COPY --from=build /app/ai-worker ./ai-worker
COPY --from=build /app/billing-service ./billing-service
COPY --from=build /app/notification-service ./notification-service
COPY --from=build /app/gateway ./gateway
COPY --from=build /app/frontend/dist ./frontend/dist
COPY --from=build /app/scripts ./scripts
USER node
EXPOSE 3000 4000
CMD ["node", "scripts/start.mjs"]

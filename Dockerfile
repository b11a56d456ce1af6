# syntax=docker/dockerfile:1
# One image for every role of the app: `api`, `worker`, `ingestion` (and one-off `reindex`, `seed`, `ingest`,
# `dead-letters`). `npm run build:release` builds the server to JavaScript (esbuild) and the frontend (Vite),
# and prunes the install to production dependencies; the image runs that folder on plain `node`.
# Node 22 is the supported LTS here; the code also runs on Node 20 (package.json `engines`).

ARG NODE_IMAGE=node:22-bookworm-slim

# Only the package manifests, so the dependency layers below are rebuilt when a package.json or the lock
# changes, not on every source edit. (A stage of its own: the layer it hands on changes only with them.)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
  && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
    | xargs -I{} cp --parents {} /manifests/

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# better-sqlite3 (the embedded profile, also used by tools) compiles from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci

FROM deps AS build
COPY . .
# The SPA reads its settings at build time (compose passes them from .env as build arguments).
ARG VITE_APP_NAME VITE_ADS_CONVERSION_ID VITE_ADS_LABEL_CLICK VITE_ADS_LABEL_PURCHASE VITE_ADS_LABEL_SIGNUP \
  VITE_ADS_LABEL_VIEW VITE_MAP_MAX_ZOOM VITE_MAP_TILE_URL VITE_MAP_TILE_ATTRIBUTION VITE_SOCIAL_FACEBOOK_URL \
  VITE_SOCIAL_INSTAGRAM_URL VITE_SOCIAL_TELEGRAM_URL VITE_SOCIAL_X_URL
# Everything the image runs, built by the one script the release test also runs and starts every role from
# (scripts/build-release.ts): the SPA, the server bundle, the sample feeds, and this stage's install pruned
# of dev dependencies by npm (the compiled native module kept). It refuses a release whose bundle imports a
# package the production tree lacks.
RUN npm run build:release -- /release

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /release/ ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
ENTRYPOINT ["node", "--enable-source-maps", "dist/server/main.mjs"]
CMD ["api"]

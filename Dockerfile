# syntax=docker/dockerfile:1
# One image for every role of the app: `api`, `worker` and `ingestion` (and one-off `reindex`, `seed`).
# Server code runs with tsx straight from TypeScript (there is no server build step); the frontend is built
# here with Vite and served by the api.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 (the embedded profile, also used by tools) compiles from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The whole workspace is needed before `npm ci`: every workspace's package.json takes part in the install.
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci
RUN npm run build:web

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# Same base image as the build stage, so the compiled native module fits. Dev dependencies stay: tsx is one.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
ENTRYPOINT ["node", "--import", "tsx", "backend/src/main.ts"]
CMD ["api"]

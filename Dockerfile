# Weightwise for self-hosters: `npm start`'s production servers (the shell on :3000, which proxies /api and the
# remotes) on Node 20, as an unprivileged user. Needs PostgreSQL: see compose.yaml. Not built in this repository's
# CI (there is no container engine on its machines); the same steps run there without Docker.

# ---- build: install exactly the lockfile, build the five front-end apps -------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# ---- runtime: the built tree only, owned by and run as the image's `node` user ------------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    SHELL_PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--import", "tsx", "scripts/start.ts"]

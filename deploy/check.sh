#!/bin/sh
# Lints the deploy kit (docs/DEPLOY.md "Checking the kit"):
#   1. nginx -t on deploy/nginx/parley.conf, in a temporary prefix, twice: with a test upstream of
#      127.0.0.1 ports, and with the shipped upstream.conf;
#   2. hadolint on deploy/Dockerfile, if hadolint is installed;
#   3. `docker compose config -q` (or docker-compose's) on deploy/compose.yaml, if either exists;
#   4. deploy/lint.mjs, always: the Dockerfile's syntax and the kit's rules (multi-stage, pinned
#      bases, HEALTHCHECK, not root, COPY sources in the context) and the compose file's references
#      (services, volumes, networks, addresses, nginx's upstream), with no Docker at all.
# A tool that is missing is reported and skipped; anything that fails makes the exit status 1.
# Needs no Docker daemon and no network. Run from anywhere: sh deploy/check.sh
set -u
deploy=$(cd "$(dirname "$0")" && pwd)
status=0
fail() {
  echo "check: FAIL: $*"
  status=1
}

# 1. nginx
if command -v nginx >/dev/null 2>&1; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT INT TERM
  # A wrapper like /etc/nginx/nginx.conf: parley.conf's includes resolve against this directory.
  # Every path nginx writes is inside the temporary prefix, so the check needs no root.
  cat >"$tmp/nginx.conf" <<EOF
pid $tmp/nginx.pid;
error_log stderr;
events {}
http {
    client_body_temp_path $tmp/client_body;
    proxy_temp_path $tmp/proxy;
    fastcgi_temp_path $tmp/fastcgi;
    uwsgi_temp_path $tmp/uwsgi;
    scgi_temp_path $tmp/scgi;
    include $deploy/nginx/parley.conf;
}
EOF
  echo "listen 127.0.0.1:18080 default_server;" >"$tmp/listen.conf"
  # parley.conf logs to /var/log/nginx/access.log; where that cannot be opened (not root, no
  # nginx package layout), check a copy that logs into the prefix instead.
  if ! { [ -d /var/log/nginx ] && [ -w /var/log/nginx ]; }; then
    sed "s|/var/log/nginx/access.log|$tmp/access.log|" "$deploy/nginx/parley.conf" >"$tmp/parley.conf"
    sed -i "s|include $deploy/nginx/parley.conf;|include $tmp/parley.conf;|" "$tmp/nginx.conf"
  fi

  printf 'upstream parley {\n    server 127.0.0.1:3001;\n    server 127.0.0.1:3002;\n    keepalive 8;\n}\n' >"$tmp/upstream.conf"
  echo "check: nginx -t with a test upstream (127.0.0.1:3001, 127.0.0.1:3002)"
  nginx -t -q -p "$tmp" -e stderr -c "$tmp/nginx.conf" && echo "  ok" || fail "nginx -t (test upstream)"

  # The shipped upstream.conf (names of compose services, if any, mapped to 127.0.0.1: they do
  # not resolve outside the compose network).
  sed 's/parley-[0-9]*:/127.0.0.1:/' "$deploy/nginx/upstream.conf" >"$tmp/upstream.conf"
  echo "check: nginx -t with deploy/nginx/upstream.conf"
  nginx -t -q -p "$tmp" -e stderr -c "$tmp/nginx.conf" && echo "  ok" || fail "nginx -t (deploy/nginx/upstream.conf)"
else
  echo "check: skipped nginx -t: nginx is not installed (Debian: apt-get install -y nginx)"
fi

# 2. hadolint
if command -v hadolint >/dev/null 2>&1; then
  echo "check: hadolint deploy/Dockerfile"
  hadolint "$deploy/Dockerfile" && echo "  ok" || fail "hadolint"
else
  echo "check: skipped hadolint: not installed"
fi

# 3. compose
# The compose file requires POSTGRES_PASSWORD; a placeholder lets it be parsed.
export POSTGRES_PASSWORD="${POSTGRES_PASSWORD:-check-placeholder}"
if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
  echo "check: docker compose config -q"
  docker compose -f "$deploy/compose.yaml" config -q && echo "  ok" || fail "docker compose config"
elif command -v docker-compose >/dev/null 2>&1; then
  echo "check: docker-compose config -q ($(docker-compose version --short 2>/dev/null))"
  docker-compose -f "$deploy/compose.yaml" config -q && echo "  ok" || fail "docker-compose config"
else
  echo "check: skipped compose config: neither 'docker compose' nor docker-compose is installed"
fi

# 4. the kit's own lint (node, from the repository's dev dependencies)
echo "check: node deploy/lint.mjs"
node "$deploy/lint.mjs" && echo "  ok" || fail "deploy/lint.mjs"

if [ "$status" -eq 0 ]; then echo "check: ok"; fi
exit "$status"

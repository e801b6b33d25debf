#!/usr/bin/env bash
# Builds the Next.js App Router example (examples/next/) the way a fresh clone would, then checks
# what `next build` produced.
#
#   bash test/next/build.sh [--skip-root-build] [--keep-install]
#
#   1. `npm run build` at the repository root (the kit's dist/; `npm ci` there first only when the
#      root has no node_modules yet, i.e. in a fresh clone);
#   2. `npm ci` in examples/next/ (installs a packed copy of the kit: .npmrc `install-links=true`);
#   3. `next build` (`npm run build`) in examples/next/, after deleting .next/;
#   4. checks: `/` was prerendered with the kit's renderer region (labelled through the kit's
#      LabelsProvider, rendered by the server layout), the prompt the server component built and
#      the envelope it encoded; the kit's client entry is in a client chunk; the server-only
#      picker schema is not; the build left package-lock.json and tsconfig.json untouched.
#
#   --skip-root-build  reuse the existing dist/ (e.g. when a previous CI stage just built it)
#   --keep-install     reuse examples/next/node_modules if present instead of `npm ci`
#
# Exits non-zero at the first failure. Prints each step's time. No network beyond the npm registry.
set -euo pipefail

root_build=1
fresh_install=1
for arg in "$@"; do
  case "$arg" in
    --skip-root-build) root_build=0 ;;
    --keep-install) fresh_install=0 ;;
    -h | --help)
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    *)
      echo "build.sh: unknown argument $arg (try --help)" >&2
      exit 2
      ;;
  esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
app="$root/examples/next"
export NEXT_TELEMETRY_DISABLED=1
export CI="${CI:-1}" # non-interactive: no prompts, no spinners
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

timings=()
started_all=$(date +%s%N)
fail() {
  echo "✗ test/next/build.sh: $*" >&2
  exit 1
}
step() { # step NAME COMMAND... — runs the command, records its time
  local name="$1"
  shift
  echo
  echo "━━━ next example: $name ($*)"
  local t0
  t0=$(date +%s%N)
  "$@" || fail "step \"$name\" failed (exit $?)"
  timings+=("$(printf '%-14s %6.1f s' "$name" "$(((($(date +%s%N) - t0) / 1000000)))e-3")")
}
print_timings() {
  echo
  echo "step            time"
  for line in "${timings[@]}"; do echo "$line"; done
  printf '%-14s %6.1f s\n' "total" "$(((($(date +%s%N) - started_all) / 1000000)))e-3"
}

# 1. The kit's dist/ (the example installs what `npm pack` of the root would publish).
if [[ $root_build == 1 ]]; then
  if [[ ! -x "$root/node_modules/.bin/vite" ]]; then
    step "root npm ci" npm --prefix "$root" ci
  fi
  step "root build" npm --prefix "$root" run build
fi
for entry in index.js core.js kinds.js server.js adapters/eve.js styles.css; do
  [[ -f "$root/dist/$entry" ]] || fail "dist/$entry is missing: run \`npm run build\` at the root first"
done

# 2. The example's dependencies, exactly as locked.
cd "$app"
lock_sum=$(sha256sum package-lock.json tsconfig.json)
if [[ $fresh_install == 1 || ! -d node_modules ]]; then
  step "npm ci" npm ci
fi
[[ -L node_modules/hitl-kit ]] && fail "node_modules/hitl-kit is a symlink: expected a packed copy (.npmrc install-links=true)"
[[ -f node_modules/hitl-kit/dist/index.js ]] || fail "node_modules/hitl-kit/dist/index.js missing after install"
cmp -s "$root/dist/index.js" node_modules/hitl-kit/dist/index.js ||
  fail "the installed kit differs from the root's dist/ (stale install? run without --keep-install)"

# 3. next build, from an empty .next/.
rm -rf .next
step "next build" npm run build

# 4. What the build produced.
echo
echo "━━━ next example: checks"
[[ "$(sha256sum package-lock.json tsconfig.json)" == "$lock_sum" ]] ||
  fail "next build modified package-lock.json or tsconfig.json (commit the updated files, or find out why)"

html=.next/server/app/index.html
[[ -f $html ]] || fail "$html missing: / was not prerendered (is the page still static?)"
grep -q 'data-slot="renderer"' "$html" || fail "$html lacks the kit's renderer region (data-slot=\"renderer\")"
# The layout (a server component) renders hitl-kit's LabelsProvider directly: only possible when the
# kit's built entry still starts with "use client"; its label override must reach the renderer.
grep -q 'data-slot="renderer"[^>]*aria-label="Questions from the agent"' "$html" ||
  fail "$html: the renderer lacks the label set by <LabelsProvider> in the server layout"
prompt="Which cover images should the launch post use? Pick one or two."
grep -qF "$prompt" "$html" || fail "$html lacks the prompt built by the server component: $prompt"
grep -q 'data-kind="media"' "$html" || fail "$html lacks the server-rendered media widget (data-kind=\"media\")"
grep -qF '{&quot;hitl&quot;:1,&quot;kind&quot;:&quot;media&quot;' "$html" ||
  fail "$html lacks the answer envelope encoded by hitl-kit/core in the server component"
grep -rqF -- "--hitl-" .next/static --include="*.css" ||
  fail "no CSS file under .next/static carries the kit's styles (--hitl-* variables)"

kit_marker="hitl-kit: widget parts must be rendered inside"
client_chunks=$(grep -rlF "$kit_marker" .next/static/chunks --include='*.js' || true)
[[ -n $client_chunks ]] || fail "no client chunk in .next/static/chunks contains \"$kit_marker\""
server_marker="The question shown to the person" # pickerInputSchema (hitl-kit/server): used by the RSC only
leaked=$(grep -rlF "$server_marker" .next/static --include='*.js' || true)
[[ -z $leaked ]] || fail "hitl-kit/server code reached the browser bundle: $leaked"

echo "✓ / prerendered: $html ($(wc -c <"$html") bytes) has the renderer region, the server-built prompt and envelope"
echo "✓ kit client entry in: $(echo "$client_chunks" | tr '\n' ' ')"
echo "✓ hitl-kit/server stayed on the server; lockfile and tsconfig untouched"
print_timings
echo
echo "✓ Next.js example built and checked"

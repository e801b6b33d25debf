#!/usr/bin/env bash
# The kit's shadcn registry, installed "as a user would": the real shadcn CLI (the pinned devDependency)
# builds registry.json, adds every item into a copy of examples/shadcn/ (a Next.js App Router +
# Tailwind v4 app set up for shadcn), `next build` builds it, and Playwright operates each installed
# picker in Chromium and checks the agent received exactly one answer.
#
#   bash test/shadcn/run.sh [--skip-root-build] [--keep-app]
#
#   1. `npm run build` at the repository root (the kit's dist/; the app installs a packed copy);
#   2. `shadcn build registry.json -o <tmp>/r` at the root;
#   3. a copy of examples/shadcn/ (no node_modules, no .next) in examples/shadcn-run.XXXXXX/ — beside
#      it, so its `hitl-kit: file:../..` still names the repository root — then `npm ci` there;
#   4. `shadcn add <tmp>/r/<item>.json… --yes --overwrite` for hitl-theme, each widget, then
#      hitl-widgets, in one call (after a failure, one item at a time, to name the one) — offline:
#      REGISTRY_URL points at a dead address, so any fetch of shadcn's own registry fails the step,
#      and the output must name no http(s) URL; package.json and the lockfile must come out
#      untouched (the items' only dependency, hitl-kit, is already there);
#   5. `next build` in the copy;
#   6. test/shadcn/pickers.spec.ts (Playwright, Debian Chromium) against `next start` on a free
#      port: each widget answered by keyboard or mouse, its submit double-clicked, exactly one answer
#      and one tool result for it, the kit's receipt shown; the installed files equal the registry's.
#
#   --skip-root-build  reuse the existing dist/ (e.g. when a previous CI stage just built it)
#   --keep-app         leave the built registry (<tmp>/r) and the app copy in place and print their paths
#
# Exits non-zero at the first failure, naming the step (and the registry item). Prints each step's
# time and each widget's answer count. No network beyond the npm registry (for `npm ci`).
set -euo pipefail

root_build=1
keep_app=0
for arg in "$@"; do
  case "$arg" in
    --skip-root-build) root_build=0 ;;
    --keep-app) keep_app=1 ;;
    -h | --help)
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    *)
      echo "run.sh: unknown argument $arg (try --help)" >&2
      exit 2
      ;;
  esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
example="$root/examples/shadcn"
export NEXT_TELEMETRY_DISABLED=1
export CI="${CI:-1}" # non-interactive: no prompts, no spinners
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
# shadcn's own registry (styles, colors, its components) at an address nothing listens on: a step
# that needed ui.shadcn.com fails instead of quietly downloading.
export REGISTRY_URL="http://127.0.0.1:9/r"

# The registry's items, in the order they are added: the theme, each widget, then the lib that
# registers the widgets (it imports them).
theme_item="hitl-theme"
widget_items=(media-picker template-picker aspect-ratio-picker multi-select form approval question questions open-url fallback)
# Components that are not pickers: added and compiled by `next build`, not answered in step 6.
other_items=(inbox)
lib_item="hitl-widgets"

timings=()
started_all=$(date +%s%N)
fail() {
  echo "✗ test/shadcn/run.sh: $*" >&2
  exit 1
}
record() { # record NAME T0
  timings+=("$(printf '%-24s %6.1f s' "$1" "$(((($(date +%s%N) - $2) / 1000000)))e-3")")
}
step() { # step NAME COMMAND... — runs the command, records its time
  local name="$1"
  shift
  echo
  echo "━━━ shadcn: $name ($*)"
  local t0
  t0=$(date +%s%N)
  "$@" || fail "step \"$name\" failed (exit $?)"
  record "$name" "$t0"
}
print_timings() {
  echo
  echo "step                       time"
  for line in "${timings[@]}"; do echo "$line"; done
  printf '%-24s %6.1f s\n' "total" "$(((($(date +%s%N) - started_all) / 1000000)))e-3"
}

work="$(mktemp -d "${TMPDIR:-/tmp}/hitl-shadcn.XXXXXX")"
app=""
cleanup() {
  if [[ $keep_app == 1 ]]; then
    echo "kept: the built registry in $work/r, the app in ${app:-(not created)}"
  else
    rm -rf "$work"
    [[ -n $app ]] && rm -rf "$app"
  fi
}
trap cleanup EXIT

# 1. The kit's dist/ (the app installs what `npm pack` of the root would publish).
if [[ $root_build == 1 ]]; then
  if [[ ! -x "$root/node_modules/.bin/vite" ]]; then
    step "root npm ci" npm --prefix "$root" ci
  fi
  step "root build" npm --prefix "$root" run build
fi
for entry in index.js kinds.js testing.js widgets/media-picker.js adapters/mcp/transport.js; do
  [[ -f "$root/dist/$entry" ]] || fail "dist/$entry is missing: run \`npm run build\` at the root first"
done

# 2. The registry, built by the real CLI.
[[ -f "$root/registry.json" ]] || fail "no registry.json at the repository root"
[[ -d "$root/registry" ]] || fail "no registry/ at the repository root"
registry_out="$work/r"
cd "$root"
step "shadcn build" npx --no-install shadcn build registry.json -o "$registry_out"
for item in "$theme_item" "${widget_items[@]}" "${other_items[@]}" "$lib_item"; do
  [[ -f "$registry_out/$item.json" ]] || fail "shadcn build made no $item.json: is \"$item\" an item of registry.json?"
done

# 3. A fresh copy of the example, installed exactly as locked.
# Two levels below the root like the example itself (its `file:../..`), and not git-ignored (Tailwind
# scans what git would track).
app="$(mktemp -d "$root/examples/shadcn-run.XXXXXX")"
tar -C "$example" --exclude=./node_modules --exclude=./.next --exclude=./components/hitl \
  --exclude=./lib/hitl-widgets.ts --exclude=./lib/hitl-widgets.tsx -cf - . | tar -C "$app" -xf -
cd "$app"
step "npm ci" npm ci
[[ -L node_modules/hitl-kit ]] && fail "node_modules/hitl-kit is a symlink: expected a packed copy (.npmrc install-links=true)"
cmp -s "$root/dist/index.js" node_modules/hitl-kit/dist/index.js ||
  fail "the installed kit differs from the root's dist/ (did the root build change after the lockfile?)"
[[ "$(node_modules/.bin/shadcn --version)" == "4.23.0" ]] || fail "the example's shadcn is not the pinned 4.23.0"
lock_sum=$(sha256sum package.json package-lock.json)

# 4. `shadcn add` of every item in one call (one CLI start instead of thirteen: ~2.6 s each), offline.
# When that call fails, the items are added again one at a time into a fresh copy of the files it
# touched, so the failure names the item that breaks.
check_add_log() { # check_add_log LOG WHAT — fails when the CLI's output names a URL (it reached for the network)
  grep -v '^npm warn' "$1" || true
  if grep -Eo 'https?://[^ )"]+' "$1" | grep -v '^https://ui\.shadcn\.com/schema' >"$1.urls"; then
    fail "shadcn add of $2 mentions a URL (it reached for the network): $(tr '\n' ' ' <"$1.urls")"
  fi
}
add_item() { # add_item ITEM — one item on its own (the diagnosis after a failed call of all)
  local item="$1" log="$work/add-$1.log"
  echo
  echo "━━━ shadcn: add $item (npx shadcn add $registry_out/$item.json --yes --overwrite)"
  if ! npx --no-install shadcn add "$registry_out/$item.json" --yes --overwrite >"$log" 2>&1; then
    cat "$log" >&2
    fail "shadcn add of registry item \"$item\" failed (output above; a fetch of $REGISTRY_URL means it needed shadcn's own registry)"
  fi
  check_add_log "$log" "\"$item\""
}
# The theme first, each widget, then the lib that registers them (it imports them): the order a
# person following the README adds them in.
items=("$theme_item" "${widget_items[@]}" "${other_items[@]}" "$lib_item")
item_files=()
for item in "${items[@]}"; do item_files+=("$registry_out/$item.json"); done
echo
echo "━━━ shadcn: add ${#items[@]} items (npx shadcn add <each item>.json --yes --overwrite): ${items[*]}"
t0=$(date +%s%N)
if npx --no-install shadcn add "${item_files[@]}" --yes --overwrite >"$work/add-all.log" 2>&1; then
  check_add_log "$work/add-all.log" "the items"
else
  cat "$work/add-all.log" >&2
  echo "shadcn add of all items failed: adding them one at a time to find the one that breaks" >&2
  rm -rf components/hitl lib/hitl-widgets.ts lib/hitl-widgets.tsx
  cp "$example/app/globals.css" app/globals.css
  for item in "${items[@]}"; do add_item "$item"; done
  fail "shadcn add of all items failed, but each alone succeeded (output above)"
fi
record "add ${#items[@]} items" "$t0"
[[ "$(sha256sum package.json package-lock.json)" == "$lock_sum" ]] ||
  fail "shadcn add changed package.json or package-lock.json (an item's dependency was not already installed): $(git diff --no-index --stat "$example/package.json" package.json || true)"
for item in "${widget_items[@]}" "${other_items[@]}"; do
  [[ -f "components/hitl/$item.tsx" ]] || fail "shadcn add $item did not write components/hitl/$item.tsx"
done
grep -q -- "--color-hitl-" app/globals.css || fail "shadcn add $theme_item put no --color-hitl-* token into app/globals.css"

# 5. next build of the app with the installed items.
rm -rf .next
step "next build" npm run build

# 6. Each picker in Chromium.
# process.stdout.write, not console.log: with FORCE_COLOR (npm test at a terminal) console.log prints a
# number wrapped in colour escapes, and the port would not be a number.
port=$(node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')
[[ $port =~ ^[0-9]+$ ]] || fail "could not get a free port (got \"$port\")"
results="$work/results.txt"
: >"$results"
cd "$root"
step "playwright" env SHADCN_APP_DIR="$app" SHADCN_REGISTRY_OUT="$registry_out" SHADCN_PORT="$port" \
  SHADCN_RESULTS="$results" npx --no-install playwright test --config test/shadcn/playwright.config.ts

echo
echo "widget                 answers  tool results  receipt"
while read -r name answers tool receipt; do
  printf '%-22s %7s  %12s  %s\n' "$name" "$answers" "$tool" "$receipt"
done <"$results"
# Every item answered at least once (an item may show in several cards: the question's two layouts).
for item in "${widget_items[@]}"; do
  grep -q "^$item " "$results" || fail "no result for the $item widget"
done
print_timings
echo
echo "✓ shadcn registry installed with the CLI offline, built with Next, every picker answered once"

#!/bin/sh
# Makes the shipped head-start evidence of the rule sets named (README.md here): for each, one
# `lab head-start --json` run (every table size it seats, every pair of levels), printed into
# `<id>.json`, at the lowest priority (the machine is shared).
#   WORDCLUB_CLI=path/to/wordclub-cli ./make_head_start.sh classic-15 wordclub-1.3
set -eu
CLI=${WORDCLUB_CLI:-wordclub-cli}
GAMES=${GAMES:-400}
SEED=${SEED:-4600}
THREADS=${THREADS:-2}
cd "$(dirname "$0")"
for rules in "$@"; do
  nice -n 19 "$CLI" lab head-start --rules "$rules" --games "$GAMES" --seed "$SEED" \
    --threads "$THREADS" --json > "$rules.json.tmp"
  mv "$rules.json.tmp" "$rules.json"
  echo "$rules.json"
done

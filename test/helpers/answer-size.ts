/** Hostile answers for the size caps' tests: a gzip bomb, and the process's memory growth while one is read. */
import { createGzip } from 'node:zlib';

/** `size` bytes of zeros, gzipped as they stream (the compressed bytes only are kept: about 1/1000). */
export async function gzipBomb(size: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.once('end', resolve);
    gzip.once('error', reject);
  });
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += block.length) {
    if (!gzip.write(block)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(chunks);
}

/** Runs `work` while sampling the process's resident memory; the most it grew above where it started, in bytes. */
export async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return peak - start;
}

import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';

/** Migrates one embedded cluster and leaves its dump for every test file to start from. */
export default async function setup() {
  const file = path.join(tmpdir(), `carta-pglite-template-${process.pid}.tar`);
  const handle = await openDatabase({ kind: 'pglite' });
  if (!handle.dump) throw new Error('An embedded database can be dumped: this one cannot');
  const dump = await handle.dump();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  process.env.CARTA_PGLITE_TEMPLATE = file;
  return async () => {
    await rm(file, { force: true });
  };
}

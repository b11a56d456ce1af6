import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDataDir } from '@evently/platform/testing';
import { removeMailFilesNaming } from './mail-folder.ts';

describe('the .eml mail folder at erasure', () => {
  const removers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const remove of removers.splice(0)) await remove();
  });

  it("removes the person's mail files, whatever the address's case, and keeps everyone else's", async () => {
    const temp = await createTempDataDir();
    removers.push(temp.remove);
    const folder = path.join(temp.dir, 'mail');
    await mkdir(folder);
    await writeFile(path.join(folder, 'a.eml'), 'To: Ana@Example.com\r\nSubject: Confirm\r\n\r\nHello');
    await writeFile(
      path.join(folder, 'b.eml'),
      'To: team@evently.test\r\nReply-To: ana@example.com\r\n\r\nNew request',
    );
    await writeFile(path.join(folder, 'c.eml'), 'To: bo@example.com\r\n\r\nHello');
    await writeFile(path.join(folder, 'notes.txt'), 'ana@example.com');
    expect(await removeMailFilesNaming(folder, 'ana@example.com')).toBe(2);
    expect((await readdir(folder)).sort()).toEqual(['c.eml', 'notes.txt']);
  });

  it('finds nothing to do where no mail was ever written', async () => {
    expect(await removeMailFilesNaming(path.join('/nonexistent', 'mail'), 'ana@example.com')).toBe(0);
  });
});

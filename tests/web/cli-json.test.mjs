// The CLI's --json and the page's JSON export come from the one core writer: for the same link
// they are the same bytes, and valid UTF-8 however hostile the link. The page opens a link as
// decodeLink → its texts → exportJson(texts); the CLI as `train|infer --link LINK --json`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadModule } from './load-module.mjs';

const core = await loadModule();
const cli = new URL('../../build/native-release/llm-sizer', import.meta.url).pathname;

// A page's text input cannot hold bytes that are not UTF-8, but a link's percent-encoding can.
const HOSTILE_LINKS = {
  'bytes that are not UTF-8': './#v=1&m=custom&params=7B&m.name=%FF%FEx%C0%AF%E2%82&a=h100-80g',
  'a UTF-16 surrogate, encoded': './#v=1&m=gpt3-175b&a=custom&a.mem=80&a.name=%ED%A0%80z',
  'the one-byte CSI U+009B and other C1 controls':
    './#v=1&m=custom&params=7B&m.name=%C2%9B31m%C2%85%C2%9F&a=h100-80g',
  'C0 controls and DEL': './#v=1&m=custom&params=7B&m.name=%1B%5D0%3Bpwned%07%00%7F&a=h100-80g',
  'U+2028, U+2029 and an emoji':
    './#v=1&m=custom&params=7B&m.name=a%E2%80%A8b%E2%80%A9c%F0%9F%98%80&a=h100-80g',
  HTML: './#v=1&m=custom&params=7B&m.name=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%26amp%3B%22&a=h100-80g',
  "the article's plan": './#v=1&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000',
};

// The bytes a percent-encoded value stands for (decodeURIComponent refuses what is not UTF-8).
function percentBytes(text) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%') {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i));
    }
  }
  return Uint8Array.from(bytes);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

for (const [name, link] of Object.entries(HOSTILE_LINKS)) {
  test(`CLI and page write the same JSON for a link with ${name}`, () => {
    const { texts, issues } = core.decodeLink(link);
    assert.deepEqual(issues, [], 'the link itself must decode cleanly');
    for (const [command, kind] of [
      ['train', 'training'],
      ['infer', 'inference'],
    ]) {
      const fromCli = execFileSync(cli, [command, '--link', link, '--json']);
      const text = strictUtf8.decode(fromCli); // throws on anything that is not UTF-8
      const fromPage = core.exportJson(texts, kind);
      assert.equal(text, fromPage, `${command} --json differs from the page's ${kind} export`);
      assert.ok(fromCli.equals(Buffer.from(fromPage, 'utf8')), 'the bytes differ');
      assert.doesNotMatch(text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u);
      JSON.parse(text);
    }
  });
}

test("ill-formed bytes become U+FFFD exactly as the browser's TextDecoder replaces them", () => {
  for (const encoded of ['%FF%FEx%C0%AF%E2%82', '%F1%80%80%E1%80%C2b%80c%80%BFd', '%ED%A0%80z']) {
    const link = `./#v=1&m=custom&params=7B&m.name=${encoded}&a=h100-80g`;
    const json = JSON.parse(
      execFileSync(cli, ['train', '--link', link, '--json'], { encoding: 'utf8' }),
    );
    assert.equal(json.setup.model_name, new TextDecoder().decode(percentBytes(encoded)), encoded);
  }
});

test('open LINK --json holds the same training and inference documents', () => {
  const link = HOSTILE_LINKS['the one-byte CSI U+009B and other C1 controls'];
  const opened = JSON.parse(strictUtf8.decode(execFileSync(cli, ['open', link, '--json'])));
  const { texts } = core.decodeLink(link);
  assert.deepEqual(opened.training, JSON.parse(core.exportJson(texts, 'training')));
  assert.deepEqual(opened.inference, JSON.parse(core.exportJson(texts, 'inference')));
});

import { readPageBytes, pageMarkdown } from '../answer/qa-set.js';
for (const p of process.argv.slice(2)) {
  const md = pageMarkdown(readPageBytes(p), 'https://example.com/');
  console.log('=====', p, md.length);
  for (const line of md.split('\n')) if (/^\s*(#|- \*\*|\*\*)/.test(line)) console.log(line.slice(0, 120));
}

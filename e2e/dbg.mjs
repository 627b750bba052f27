import { launchBrowser, openPage } from './lib/browser.js';
const b = await launchBrowser();
const p = await openPage(b, process.argv[2] || '/xiangqi/', { locale: process.argv[3] || 'zh-CN', width: Number(process.argv[4] || 1280), height: Number(process.argv[5] || 800) });
await p.waitForSelector('body[data-ready="true"]');
await p.waitForTimeout(Number(process.argv[6] || 1500));
await p.screenshot({ path: '/tmp/shot.png' });
console.log(p.problems);
await b.close();

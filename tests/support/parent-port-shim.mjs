// Loaded with --import in a child process started by utility-process-double.ts: gives it the
// `process.parentPort` an Electron utility process has (https://www.electronjs.org/docs/latest/api/parent-port):
// an EventEmitter whose 'message' events carry the message as `data` (and `ports`), with the
// messages that arrive before a 'message' handler is registered queued until one is;
// `postMessage(message)` sends one to the parent.
import { EventEmitter } from 'node:events';

const port = new EventEmitter();
const queued = [];
let listening = false;
const deliver = (message) => port.emit('message', { data: message, ports: [] });
port.on('newListener', (event) => {
  if (event !== 'message' || listening) return;
  listening = true;
  // After the handler is added (newListener fires before): then the queue, in order.
  queueMicrotask(() => {
    for (const message of queued.splice(0)) deliver(message);
  });
});
process.on('message', (message) => (listening ? deliver(message) : queued.push(message)));
port.postMessage = (message) => process.send(message);
process.parentPort = port;

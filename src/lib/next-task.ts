/**
 * Ends the current task, so the browser may paint or answer a tap before the next step. A message
 * to ourselves, not setTimeout(0): nested timeouts are held back 4 ms each from the fifth on.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

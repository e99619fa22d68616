// Runs inside Deno (plain JS so the Node type-check leaves it alone). Starts one edge function
// the way Supabase's edge runtime does: the function's own `Deno.serve(...)` call serves, but on
// the loopback port the gateway chose. Args: <entry file URL> <port>.
const [entry, portText] = Deno.args;
const port = Number(portText);
const serve = Deno.serve.bind(Deno);

Deno.serve = (...args) => {
  const first = args[0];
  const options = typeof first === 'function' ? {} : (first ?? {});
  const handler = typeof first === 'function' ? first : (args[1] ?? options.handler);
  return serve({
    ...options,
    port,
    hostname: '127.0.0.1',
    handler,
    // The gateway waits for this line before it forwards the first request.
    onListen: () => console.log(`LOCAL_FUNCTION_READY ${port}`),
  });
};

await import(entry);

import http from 'node:http';

/**
 * GETs spread over several loopback source addresses, each with its own keep-alive connection, as from that many
 * clients: the API limits searches per source IP (RATE_LIMITS.searchListings), which one benchmarking client would
 * exhaust. All of 127.0.0.0/8 reaches the local gateway on Linux.
 */
export function loopbackClients(count: number) {
  const agents = Array.from(
    { length: count },
    (_, i) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.9.${i + 1}` }),
  );
  let next = 0;
  return {
    /** Status and body text of a GET, from the next address in turn. */
    get(url: string): Promise<{ status: number; text: string }> {
      const agent = agents[next++ % agents.length]!;
      return new Promise((resolve, reject) => {
        const u = new URL(url);
        const req = http.get({ host: '127.0.0.1', port: u.port, path: u.pathname + u.search, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
      });
    },
    close: () => agents.forEach((a) => a.destroy()),
  };
}

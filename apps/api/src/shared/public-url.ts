import type { FastifyRequest } from 'fastify';

/**
 * Where the product's links point. Never a request's headers kept for later: one request with
 * `Host: evil.example` would otherwise put that host into the links sent to everyone after it
 * (invitations, the door's QR code, the bot's messages). The address is PUBLIC_URL, or, without
 * it (a local run; production refuses to start so, config.ts), one fixed at start from the
 * address the API listens on.
 */
export function fallbackPublicUrl(host: string | undefined, port: number | undefined): string {
  // Listening on every interface says nothing about the name people use: this machine's own.
  const name = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `http://${bracketed}:${port ?? 3000}`;
}

/** A host as a browser sends it: a name or an address, with an optional port; nothing else. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request was made to, for links in the reply to that very request only (the staff
 * member who opened the app at http://192.168.1.5:3000 gets a door sign for that address): its
 * host as it came (behind TRUST_PROXY, the proxy's X-Forwarded-Host), if it is a well-formed
 * host. Whoever sends another host sees it only in their own reply. undefined when malformed.
 */
export function ownOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host || host.length > 260 || !HOST.test(host)) return undefined;
  return `${request.protocol}://${host.toLowerCase()}`;
}

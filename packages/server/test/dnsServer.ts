import { createSocket, type RemoteInfo } from 'node:dgram';

/** The records one name answers. */
export interface DnsZoneEntry {
  TXT?: string[];
  CNAME?: string;
}

const TYPES = { CNAME: 5, TXT: 16 } as const;

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .filter((p) => p !== '')
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** Reads the question's name and type; the offset just after the question. */
function readQuestion(packet: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let offset = 12;
  for (let length = packet[offset] ?? 0; length > 0; length = packet[offset] ?? 0) {
    labels.push(packet.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  offset += 1;
  return {
    name: labels.join('.').toLowerCase(),
    type: packet.readUInt16BE(offset),
    end: offset + 4,
  };
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

/**
 * A minimal authoritative DNS server over UDP (RFC 1035) answering TXT and CNAME queries from
 * `zone`, which a test may change at any time: an unknown name is NXDOMAIN, a known name
 * without the asked type answers no records.
 */
export async function startDnsServer(zone: Map<string, DnsZoneEntry>) {
  const socket = createSocket('udp4');
  socket.on('message', (query: Buffer, peer: RemoteInfo) => {
    const { name, type, end } = readQuestion(query);
    const entry = zone.get(name);
    const answers: Buffer[] = [];
    if (entry && type === TYPES.TXT) {
      for (const text of entry.TXT ?? []) {
        const bytes = Buffer.from(text, 'utf8');
        answers.push(answer(type, Buffer.concat([Buffer.from([bytes.length]), bytes])));
      }
    }
    if (entry?.CNAME && type === TYPES.CNAME) {
      answers.push(answer(TYPES.CNAME, encodeName(entry.CNAME)));
    }
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | (entry ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(
      Buffer.concat([header, query.subarray(12, end), ...answers]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

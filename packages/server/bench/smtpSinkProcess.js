// A local SMTP server in its own process for bench/emailCampaign.js: accepts every mail, counts
// them, and reports the count (and duplicates by recipient) when asked.
import { SMTPServer } from 'smtp-server';

const seen = new Map();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const r of session.envelope.rcptTo) seen.set(r.address, (seen.get(r.address) ?? 0) + 1);
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'count') {
    let mails = 0;
    let duplicates = 0;
    for (const n of seen.values()) {
      mails += n;
      if (n > 1) duplicates += 1;
    }
    process.send?.({ mails, recipients: seen.size, duplicates });
  }
  if (message === 'stop') server.close(() => process.exit(0));
});

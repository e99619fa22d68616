import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'uqr';
import { PHONE, signIn } from '../support/e2e-admin';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium';
import { onDatabase } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// Issue 28 at the door: the check-in page reads a booking's QR ticket from the camera, checks the
// booking in, and answers a second scan with the time of the first. The camera is Chromium's
// fake capture device playing a Y4M file this spec draws from the booking's real ticket code.

const VIDEO = join(tmpdir(), `erlebnis-e2e-ticket-${process.pid}.y4m`);
const SIDE = 480;

/** A few frames of the QR, black on white, in the YUV 4:2:0 format Chromium's fake camera plays. */
function writeQrVideo(text: string): void {
  const { size, data } = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor(SIDE / size);
  const offset = Math.floor((SIDE - size * scale) / 2);
  const luma = Buffer.alloc(SIDE * SIDE, 235);
  for (let y = 0; y < size * scale; y += 1) {
    for (let x = 0; x < size * scale; x += 1) {
      if (data[Math.floor(y / scale)]![Math.floor(x / scale)]) luma[(y + offset) * SIDE + x + offset] = 16;
    }
  }
  const chroma = Buffer.alloc((SIDE / 2) * (SIDE / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${SIDE} H${SIDE} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(VIDEO, Buffer.concat([header, frame, frame, frame]));
}

// The file must exist when Chromium starts; each test draws its own code into it before the
// camera opens.
writeQrVideo('T1-LEER');

test.use({
  viewport: PHONE,
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

async function ticketCode(participantId: string): Promise<string> {
  const { rows } = await onDatabase((client) =>
    client.query<{ code: string }>('select private.ticket_code($1) as code', [participantId]),
  );
  return rows[0]!.code;
}

/** The first check-in's time as the page words it ('18:42', Zurich). */
async function firstCheckIn(participantId: string): Promise<string> {
  const { rows } = await onDatabase((client) =>
    client.query<{ t: string }>(
      `select to_char(checked_in_at at time zone 'Europe/Zurich', 'HH24:MI') as t from public.participants where id = $1`,
      [participantId],
    ),
  );
  return rows[0]!.t;
}

test('the camera reads a ticket, checks it in, and a second scan says when; a group checks in by hand', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Einlass mit Ticket'), price: 50 });
  const anna = await participants.create(event, { name: 'Anna Scanner', persons: 1, paid: true });
  const group = await participants.create(event, { name: 'Gruppe Hand', persons: 3 });
  writeQrVideo(await ticketCode(anna.id));

  await signIn(page);
  await page.goto(`/admin/events/${event.id}/checkin`);
  const scanner = page.getByRole('region', { name: 'Ticket scannen' });
  await scanner.getByRole('button', { name: 'Kamera starten' }).click();
  const result = scanner.getByRole('status');
  await expect(result).toContainText('Eingecheckt', { timeout: 20_000 });
  await expect(result).toContainText('Anna Scanner');
  await expect(result).toContainText('1 von 1 Person');
  const time = await firstCheckIn(anna.id);
  // The same ticket again (the camera still sees it): refused with the time of the first scan.
  await result.getByRole('button', { name: 'Nächster Scan' }).click();
  await expect(result).toContainText(`Bereits eingecheckt um ${time}`, { timeout: 20_000 });
  await scanner.getByRole('button', { name: 'Kamera stoppen' }).click();

  // A group by its code typed in: 2 of 3 come now; what is open is said.
  await scanner.getByLabel('Ticket-Code').fill((await ticketCode(group.id)).toLowerCase());
  await scanner.getByRole('button', { name: 'Prüfen' }).click();
  await expect(result).toContainText('3 von 3 Personen noch nicht eingecheckt.');
  await expect(result).toContainText('Noch offen: CHF 150.00');
  await result.getByLabel('Personen jetzt einchecken').selectOption('2');
  await result.getByRole('button', { name: 'Einchecken' }).click();
  await expect(result).toContainText('Eingecheckt');
  await expect(result).toContainText('Gruppe Hand · ');
  await expect(result).toContainText('2 von 3 Personen');
});

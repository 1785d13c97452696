/**
 * The built-in test courier, for local work and the tests: it books every shipment at once under an AWB made from its
 * reference (so booking again finds the same parcel), prints a real label, refuses the PIN codes of the islands as
 * couriers do, and tells where a parcel is only by webhook, which the tests (or a developer with curl) send in
 * Shiprocket's format with the token the shop was given. Production never offers it.
 */
import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { create as createQrCode } from 'qrcode';
import { readShiprocketWebhook, webhookTokenMatches } from './shiprocket';
import {
  indianDay,
  ShippingRefused,
  WebhookRefused,
  type BookedShipment,
  type Serviceability,
  type ShipmentDirection,
  type ShipmentRequest,
  type ShippingProvider,
  type TrackingUpdate,
} from './provider';

export const TEST_COURIER_NAME = 'Test Courier';

/**
 * PIN codes the test courier does not reach, as most couriers do not: the Andaman and Nicobar Islands (744…) and
 * Lakshadweep (682 555–682 559).
 */
export function testCourierReaches(pin: string): boolean {
  return !/^744\d{3}$/.test(pin) && !/^68255[5-9]$/.test(pin);
}

/** The AWB of a reference: 12 digits after TC, the same on every try. */
export function testCourierAwb(reference: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 15)}`) % 10n ** 12n;
  return `TC${digits.toString().padStart(12, '0')}`;
}

const MM = 72 / 25.4;

export class TestCourier implements ShippingProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly settings: { webhookToken: string; warehouse: { name: string; address: string }; labName: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  trackingUrl(awb: string): string {
    return `https://test-courier.example/track/${encodeURIComponent(awb)}`;
  }

  async serviceability({ pin, direction }: { pin: string; direction: ShipmentDirection; weightGrams: number }): Promise<Serviceability> {
    if (!testCourierReaches(pin)) {
      return { serviceable: false, reason: direction === 'forward' ? `No courier delivers to PIN ${pin}.` : `No courier collects from PIN ${pin}.` };
    }
    return { serviceable: true, couriers: [{ id: 'test', name: TEST_COURIER_NAME, etaDays: direction === 'forward' ? 3 : 2 }] };
  }

  async book(request: ShipmentRequest): Promise<BookedShipment> {
    if (!testCourierReaches(request.address.pin)) {
      throw new ShippingRefused(`No courier ${request.direction === 'forward' ? 'delivers to' : 'collects from'} PIN ${request.address.pin}.`, 'notServiceable');
    }
    const awb = testCourierAwb(request.reference);
    return {
      providerOrderId: `TCO-${request.reference}`,
      providerShipmentId: `TCS-${awb}`,
      awb,
      courier: TEST_COURIER_NAME,
      trackingUrl: this.trackingUrl(awb),
      pickupDate: request.pickupDate ?? indianDay(this.now(), 1),
    };
  }

  /** A 100 × 150 mm label: the AWB in large type and as a QR code, from, to, and what is inside. */
  async label({ awb, request }: { awb: string; request: ShipmentRequest }): Promise<Buffer> {
    const doc = new PDFDocument({ size: [100 * MM, 150 * MM], margin: 6 * MM, info: { Title: `Label ${awb}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    const width = 88 * MM;
    doc.font('Helvetica-Bold').fontSize(14).text(`${TEST_COURIER_NAME} · ${request.direction === 'forward' ? 'Prepaid' : 'Return pickup'}`, { width });
    doc.fontSize(20).text(awb, { width });
    const { modules } = createQrCode(awb, { errorCorrectionLevel: 'M' });
    const size = 30 * MM;
    const module = size / modules.size;
    const top = doc.y + 2 * MM;
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) doc.rect(6 * MM + column * module, top + row * module, module, module).fill('#000');
      }
    }
    doc.y = top + size + 4 * MM;
    const person = request.address;
    const to = request.direction === 'forward' ? [person.name, person.line1, person.line2, `${person.city}, ${person.state} ${person.pin}`, person.phone] : [this.settings.labName];
    const from =
      request.direction === 'forward'
        ? [this.settings.warehouse.name, this.settings.warehouse.address]
        : [person.name, person.line1, person.line2, `${person.city}, ${person.state} ${person.pin}`, person.phone];
    doc.font('Helvetica-Bold').fontSize(10).text('To', { width });
    doc.font('Helvetica').text(to.filter(Boolean).join('\n'), { width });
    doc.moveDown(0.6).font('Helvetica-Bold').text('From', { width });
    doc.font('Helvetica').text(from.filter(Boolean).join('\n'), { width });
    doc.moveDown(0.6).font('Helvetica-Bold').text('Contents', { width });
    doc
      .font('Helvetica')
      .text(`${request.items.map((item) => `${item.units} × ${item.name}`).join(', ')} · ${request.parcel.weightGrams} g · Ref ${request.reference}`, { width });
    doc.end();
    return done;
  }

  async cancel(): Promise<void> {}

  async track(): Promise<TrackingUpdate | null> {
    return null;
  }

  readWebhook(headers: Readonly<Record<string, string | string[] | undefined>>, body: unknown): TrackingUpdate {
    if (!webhookTokenMatches(headers, this.settings.webhookToken)) throw new WebhookRefused('The webhook does not carry our token.', 401);
    return readShiprocketWebhook(body);
  }
}

// Reads QR codes from the phone's camera (issue 28): the browser's BarcodeDetector where it
// exists (Android Chrome, Safari 17+), else jsQR, loaded only when the camera starts so the
// decoder never weighs on any other page.
//
// jsQR, not ZXing: ZXing found no code in about one ticket of twenty even in a perfect picture
// (16 of 300 ticket codes, NotFound), and its video loop sized its canvas once, so a camera whose
// first frame was late stopped it for good. jsQR read all 300. Both decoders run in one loop of
// our own that looks at the picture a few times a second and survives a frame it cannot read.

export interface QrCamera {
  stop: () => void;
}

/** Reads the code the picture shows now, or null. May throw on a frame it cannot read. */
type ReadFrame = (video: HTMLVideoElement) => Promise<string | null>;

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** How often the picture is looked at. */
const LOOK_EVERY_MS = 200;

export async function startQrCamera(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<QrCamera> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  const stopStream = () => stream.getTracks().forEach((track) => track.stop());
  let read: ReadFrame;
  try {
    video.srcObject = stream;
    video.setAttribute('playsinline', 'true');
    await video.play();
    read = await frameReader();
  } catch (error) {
    stopStream();
    throw error;
  }

  let running = true;
  let timer: number | undefined;
  const look = async () => {
    if (!running) return;
    try {
      const code = await read(video);
      if (code && running) onCode(code);
    } catch {
      // A frame that cannot be read (the camera still warming up): the next one may.
    }
    if (running) timer = window.setTimeout(() => void look(), LOOK_EVERY_MS);
  };
  void look();
  return {
    stop: () => {
      running = false;
      window.clearTimeout(timer);
      stopStream();
    },
  };
}

async function frameReader(): Promise<ReadFrame> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue || null;
  }

  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Kein Canvas für die Kamera');
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (width === 0 || height === 0) return null;
    // The picture's size is read each time: a phone turned on its side sends other frames.
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    // Tickets are dark on light; looking for an inverted code too would halve the reads.
    return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}

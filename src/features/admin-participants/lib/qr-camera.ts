// Reads QR codes from the phone's camera (issue 28): the browser's BarcodeDetector where it
// exists (Android Chrome, Safari 17+), else ZXing, loaded only when the camera starts so the
// decoder never weighs on any other page.

export interface QrCamera {
  stop: () => void;
}

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** How often BarcodeDetector looks at the picture. */
const DETECT_EVERY_MS = 200;

export async function startQrCamera(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<QrCamera> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  video.srcObject = stream;
  video.setAttribute('playsinline', 'true');
  await video.play();
  const stopStream = () => stream.getTracks().forEach((track) => track.stop());

  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    let running = true;
    const look = async () => {
      if (!running) return;
      try {
        const [found] = await detector.detect(video);
        if (found?.rawValue) onCode(found.rawValue);
      } catch {
        // A frame that cannot be read (camera still warming up): the next one may.
      }
      if (running) window.setTimeout(() => void look(), DETECT_EVERY_MS);
    };
    void look();
    return {
      stop: () => {
        running = false;
        stopStream();
      },
    };
  }

  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const controls = await new BrowserQRCodeReader().decodeFromVideoElement(video, (result) => {
    if (result) onCode(result.getText());
  });
  return {
    stop: () => {
      controls.stop();
      stopStream();
    },
  };
}

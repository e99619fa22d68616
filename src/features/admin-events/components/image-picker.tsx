import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { EVENT_IMAGE_TYPES } from '../lib/image-file';
import { checkImageFile } from '../lib/image-file';

interface ImagePickerProps {
  /** The image already stored with the event, if any. */
  currentUrl: string | null;
  /** A picked file that is uploaded on save. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** Local preview of the picked file; the object URL is released when the file changes. */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let url: string;
    try {
      url = URL.createObjectURL(file);
    } catch {
      toast({
        title: 'Fehler beim Vorbereiten',
        description: 'Das Bild konnte nicht vorbereitet werden.',
        variant: 'destructive',
      });
      return;
    }
    // The object URL is an external resource owned by this effect: made here, revoked in its cleanup.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // A preview made for an earlier file is never shown for the current one.
  return file && preview?.file === file ? preview.url : null;
}

export function ImagePicker({ currentUrl, file, onFileChange, onRemove, disabled }: ImagePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const previewUrl = usePreviewUrl(file);
  const shownUrl = previewUrl ?? (file ? null : currentUrl);

  function accept(candidate: File | undefined) {
    if (!candidate) return;
    const problem = checkImageFile(candidate);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    onFileChange(candidate);
    toast({ title: 'Bild ausgewählt', description: 'Das Bild wird beim Speichern hochgeladen.' });
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) accept(event.dataTransfer.files[0]);
  }

  return (
    <div className="space-y-4">
      {shownUrl ? (
        <img
          src={shownUrl}
          alt="Vorschau des Event-Bildes"
          className="max-h-64 w-full rounded-md object-cover"
        />
      ) : null}
      <div
        data-testid="image-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-md border-2 border-dashed p-6 text-center text-sm text-muted-foreground',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <ImagePlus className="h-8 w-8" aria-hidden="true" />
        <p>Bild hierher ziehen oder auswählen</p>
        <p className="text-xs">PNG, JPG oder WebP, maximal 4MB</p>
        <label htmlFor={inputId} className="sr-only">
          Bild auswählen
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept={EVENT_IMAGE_TYPES.join(',')}
          className="sr-only"
          disabled={disabled}
          onChange={(event) => {
            accept(event.target.files?.[0]);
            // Picking the same file again after removing it must fire onChange again.
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
        >
          Bild auswählen
        </Button>
      </div>
      {shownUrl ? (
        <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Bild entfernen
        </Button>
      ) : null}
    </div>
  );
}

import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { InputHelperText, useInput } from 'react-admin';
import { SCREEN_READER_ONLY } from '@estate/client';
import { useCabinetData } from '../agency/useAgency';
import { fieldErrorsOf } from '../httpErrors';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import type { ListingPhoto } from '../types';

/** A photo as the form holds it: read with the listing (with its sizes) or just uploaded (none yet). */
type Photo = { path: string; variants?: ListingPhoto['variants'] };
/** A file being sent: its local preview and the share of its bytes sent so far (0–1). */
type Upload = { key: string; file: File; preview: string; progress: number };
type Refusal = { key: string; name: string; message: string };

/** matches the server's limits (services/src/media/images.ts and publications/form.ts) */
const PHOTOS_PER_LISTING = 30;
const PHOTOS_PER_REQUEST = 10;
const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** the demo's drawings have no sizes and never get any: they are not «being processed» */
const DEMO_DRAWING = /^\/storage\/demo\//;
/** how often the editor asks whether the photos being made have their sizes */
const SIZES_POLL_MS = 2000;
/** a tile's drag, told apart from files dragged in from outside */
const PHOTO_DRAG = 'application/x-estate-photo';
/** the thumbnail's own size (109x80) on a wide screen; three to a row on a phone */
const THUMB = { width: '100%', aspectRatio: '109 / 80', height: 'auto' } as const;

/** The browser's checks before sending (the server reads the content again): the obvious refusals at once. */
function refusalOf(file: File): MessageKey | null {
  if (/\.(heic|heif)$/i.test(file.name) || /hei[cf]/i.test(file.type))
    return 'resources.publications.photos.heic';
  // an empty type (some drag sources give none) is left to the server, which reads the content
  if (file.type && !PHOTO_TYPES.has(file.type)) return 'resources.publications.photos.badType';
  if (file.size > PHOTO_MAX_BYTES) return 'resources.publications.photos.tooLarge';
  return null;
}

/**
 * The refusal of an upload request by file: the server names each refused file `files.<i>` (the
 * whole request is refused, nothing stored); any other failure (429, no connection) is the batch's.
 */
function refusalsOf(error: unknown, count: number): { byFile: Map<number, string>; general: string } {
  const errors = fieldErrorsOf(error);
  const files = errors?.files;
  const byFile = new Map<number, string>();
  if (files && typeof files === 'object')
    for (const [index, message] of Object.entries(files))
      if (Number(index) < count) byFile.set(Number(index), String(message));
  return { byFile, general: typeof files === 'string' ? files : (error as Error).message };
}

const move = <T,>(list: T[], from: number, to: number) => {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * The listing's photos (`images`, the first the cover): files dropped or picked are uploaded at
 * once, ten a request, each with its progress; the photos are ordered by dragging (or the arrow
 * keys on a focused photo), «Сделать обложкой» moves one first, «Удалить» takes it off the listing
 * (the file stays the agency's). A photo whose sizes are still being made is marked.
 */
export function PhotosInput() {
  const translate = useCabinetTranslate();
  const data = useCabinetData();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadingRef = useRef(0);
  // a validator that reads a ref stays one function: saving waits for the uploads
  const validate = useCallback(
    () => (uploadingRef.current > 0 ? 'resources.publications.photos.waitForUploads' : undefined),
    [],
  );
  const { field, fieldState } = useInput({
    source: 'images',
    defaultValue: [],
    format: (v: unknown): ListingPhoto[] => (Array.isArray(v) ? (v as ListingPhoto[]) : []),
    validate,
  });
  const photos = field.value as Photo[];
  // the uploads finish one after another: each adds to the photos as they are by then
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  const setPhotos = (next: Photo[]) => {
    photosRef.current = next;
    field.onChange(next);
  };

  // the sizes of the photos still being made, asked every 2 s until the worker has made them (kept
  // beside the form's value: they are not the listing's to change, and the form stays unchanged)
  const waiting = photos.filter((p) => !p.variants && !DEMO_DRAWING.test(p.path)).map((p) => p.path);
  const sizes = useQuery({
    queryKey: ['photoSizes', waiting],
    queryFn: () => data.photoSizes(waiting),
    enabled: waiting.length > 0,
    refetchInterval: (query) =>
      query.state.data && query.state.data.every((p) => p.ready) ? false : SIZES_POLL_MS,
  });
  const made = new Map((sizes.data ?? []).filter((p) => p.variants).map((p) => [p.path, p.variants!]));

  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [fileOver, setFileOver] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // what the server said of the photos uploaded here (their sizes made), and the local file shown meanwhile
  const [uploaded, setUploaded] = useState(new Map<string, { preview: string; ready: boolean }>());
  const previewUrls = useRef<string[]>([]);
  const tiles = useRef(new Map<string, HTMLElement>());
  const focusAfter = useRef<string | null>(null);
  const queue = useRef<Upload[][]>([]);
  const pumping = useRef(false);
  const aborter = useRef(new AbortController());

  useEffect(() => {
    const controller = aborter.current;
    const urls = previewUrls.current;
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  // a photo moved by the keyboard keeps the focus in its new place
  useEffect(() => {
    if (focusAfter.current === null) return;
    tiles.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const upload = useMutation({
    mutationFn: (batch: Upload[]) =>
      data.uploadPhotos(
        batch.map((u) => u.file),
        {
          signal: aborter.current.signal,
          onProgress: (loaded, total) => {
            // the body carries the files in order: the bytes sent so far cover them one after another
            const sizes = batch.map((u) => u.file.size);
            let sent = (loaded / total) * sizes.reduce((a, b) => a + b, 0);
            const progress = new Map<string, number>();
            batch.forEach((u, i) => {
              progress.set(u.key, Math.min(1, Math.max(0, sent / (sizes[i] || 1))));
              sent -= sizes[i];
            });
            setUploads((list) =>
              list.map((u) => (progress.has(u.key) ? { ...u, progress: progress.get(u.key)! } : u)),
            );
          },
        },
      ),
  });

  const finish = (batch: Upload[]) => {
    uploadingRef.current -= batch.length;
    const keys = new Set(batch.map((u) => u.key));
    setUploads((list) => list.filter((u) => !keys.has(u.key)));
  };

  const send = async (batch: Upload[]) => {
    try {
      const answer = await upload.mutateAsync(batch);
      const known = new Set(photosRef.current.map((p) => p.path));
      const added: Photo[] = [];
      const seen = new Map<string, { preview: string; ready: boolean }>();
      answer.forEach((photo, i) => {
        // the same picture twice is one file (named by its content): it is shown once
        if (known.has(photo.path)) return;
        known.add(photo.path);
        seen.set(photo.path, { preview: batch[i].preview, ready: photo.ready });
        added.push({ path: photo.path, variants: null });
      });
      setUploaded((map) => new Map([...map, ...seen]));
      setPhotos([...photosRef.current, ...added]);
      finish(batch);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const { byFile, general } = refusalsOf(error, batch.length);
      const refused = byFile.size ? batch.filter((_, i) => byFile.has(i)) : batch;
      // the request was refused for some of its files: the others are sent again without them
      const again = batch.filter((u) => !refused.includes(u)).map((u) => ({ ...u, progress: 0 }));
      if (again.length) queue.current.unshift(again);
      setRefusals((list) => [
        ...list,
        ...refused.map((u) => ({
          key: u.key,
          name: u.file.name,
          message: byFile.get(batch.indexOf(u)) ?? general,
        })),
      ]);
      finish(refused);
    }
  };

  const pump = async () => {
    if (pumping.current) return;
    pumping.current = true;
    try {
      while (queue.current.length) await send(queue.current.shift()!);
    } finally {
      pumping.current = false;
    }
  };

  const addFiles = (files: File[]) => {
    if (!files.length) return;
    const room = PHOTOS_PER_LISTING - photosRef.current.length - uploadingRef.current;
    const fresh: Refusal[] = [];
    const accepted: Upload[] = [];
    const over: string[] = [];
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const refusal = refusalOf(file);
      if (refusal) fresh.push({ key, name: file.name, message: translate(refusal) });
      else if (accepted.length >= room) over.push(file.name);
      else {
        const preview = URL.createObjectURL(file);
        previewUrls.current.push(preview);
        accepted.push({ key, file, preview, progress: 0 });
      }
    }
    if (over.length)
      fresh.push({
        key: `over-${Math.random().toString(36).slice(2)}`,
        name: '',
        message: translate('resources.publications.photos.tooMany', { names: over.join(', ') }),
      });
    setRefusals((list) => [...list, ...fresh]);
    if (!accepted.length) return;
    uploadingRef.current += accepted.length;
    setUploads((list) => [...list, ...accepted]);
    for (let i = 0; i < accepted.length; i += PHOTOS_PER_REQUEST)
      queue.current.push(accepted.slice(i, i + PHOTOS_PER_REQUEST));
    void pump();
  };

  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= photos.length) return;
    setPhotos(move(photos, from, to));
    setAnnouncement(
      translate('resources.publications.photos.moved', { position: to + 1, count: photos.length }),
    );
  };

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    addFiles([...(e.target.files ?? [])]);
    e.target.value = ''; // the same file may be picked again after a refusal
  };

  const isFileDrag = (e: DragEvent) => dragging === null && [...e.dataTransfer.types].includes('Files');
  const zoneEvents = {
    onDragOver: (e: DragEvent) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      setFileOver(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFileOver(false);
    },
    onDrop: (e: DragEvent) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      setFileOver(false);
      addFiles([...e.dataTransfer.files]);
    },
  };

  const tileEvents = (index: number, path: string) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData(PHOTO_DRAG, path);
      e.dataTransfer.effectAllowed = 'move';
      setDragging(index);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
    onDragOver: (e: DragEvent) => {
      if (dragging === null) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(index);
    },
    onDrop: (e: DragEvent) => {
      if (dragging === null) return;
      e.preventDefault();
      e.stopPropagation();
      reorder(dragging, index);
      setDragging(null);
      setOver(null);
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      const to = e.key === 'ArrowLeft' ? index - 1 : e.key === 'ArrowRight' ? index + 1 : null;
      if (to === null || to < 0 || to >= photos.length) return;
      e.preventDefault();
      reorder(index, to);
      focusAfter.current = path;
    },
  });

  // the server's refusals of single photos (images.<i>.path) come nested under the field
  const photoErrors = (fieldState.error ?? {}) as unknown as Record<string, { path?: { message?: string } }>;
  const full = photos.length + uploads.length >= PHOTOS_PER_LISTING;

  return (
    <Box
      {...zoneEvents}
      data-testid="photo-drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: fileOver ? 'primary.main' : fieldState.invalid ? 'error.main' : 'divider',
        bgcolor: fileOver ? 'action.hover' : undefined,
        borderRadius: 1,
        p: { xs: 1.5, sm: 2 },
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 1.5 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={full}
        >
          {translate('resources.publications.photos.add')}
        </Button>
        <Typography color="text.secondary" sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
          {translate(
            fileOver ? 'resources.publications.photos.release' : 'resources.publications.photos.dropHere',
          )}
        </Typography>
      </Stack>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        hidden
        onChange={onPicked}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('resources.publications.photos.hint')}
      </Typography>
      {photos.length > 1 && (
        <Typography id={hintId} variant="body2" color="text.secondary">
          {translate('resources.publications.photos.reorderHint')}
        </Typography>
      )}

      {(photos.length > 0 || uploads.length > 0) && (
        <Box
          role="list"
          aria-label={translate('resources.publications.photos.list')}
          aria-describedby={photos.length > 1 ? hintId : undefined}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(auto-fill, 109px)' },
            gap: 1.5,
            mt: 1.5,
            alignItems: 'start',
          }}
        >
          {photos.map((photo, index) => {
            const local = uploaded.get(photo.path);
            const variants = photo.variants ?? made.get(photo.path) ?? null;
            const processing = !variants && !DEMO_DRAWING.test(photo.path) && !local?.ready;
            const error = photoErrors[index]?.path?.message;
            const thumb = variants?.thumb;
            return (
              <Box
                key={photo.path}
                role="listitem"
                tabIndex={0}
                ref={(el: HTMLElement | null) => {
                  if (el) tiles.current.set(photo.path, el);
                  else tiles.current.delete(photo.path);
                }}
                aria-label={[
                  translate('resources.publications.photos.photo', {
                    position: index + 1,
                    count: photos.length,
                  }),
                  index === 0 ? translate('resources.publications.photos.cover') : null,
                  processing ? translate('resources.publications.photos.processing') : null,
                ]
                  .filter(Boolean)
                  .join(', ')}
                data-testid="photo"
                data-path={photo.path}
                {...tileEvents(index, photo.path)}
                sx={{
                  minWidth: 0,
                  cursor: 'grab',
                  borderRadius: 1,
                  opacity: dragging === index ? 0.4 : 1,
                  outline: over === index && dragging !== index ? '2px solid' : 'none',
                  outlineColor: 'primary.main',
                  outlineOffset: '2px',
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <Box
                  sx={{
                    position: 'relative',
                    ...THUMB,
                    borderRadius: 1,
                    overflow: 'hidden',
                    bgcolor: 'grey.200',
                    border: error ? 2 : 0,
                    borderColor: 'error.main',
                  }}
                >
                  <Box
                    component="img"
                    src={thumb?.webp ?? local?.preview ?? photo.path}
                    // the card size for sharper screens; the thumbnail is 109x80
                    srcSet={thumb ? `${thumb.webp} 1x, ${variants.card.webp} 3x` : undefined}
                    alt=""
                    draggable={false}
                    loading="lazy"
                    sx={{ ...THUMB, objectFit: 'cover', display: 'block' }}
                  />
                  {index === 0 && (
                    <Box
                      sx={{
                        position: 'absolute',
                        top: 4,
                        left: 4,
                        px: 0.75,
                        borderRadius: 1,
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                        fontSize: 12,
                        lineHeight: '20px',
                      }}
                    >
                      {translate('resources.publications.photos.cover')}
                    </Box>
                  )}
                  {processing && (
                    <Box
                      data-testid="photo-processing"
                      sx={{
                        position: 'absolute',
                        insetInline: 0,
                        bottom: 0,
                        bgcolor: 'rgba(0, 0, 0, 0.6)',
                        color: 'common.white',
                        fontSize: 11,
                        lineHeight: '18px',
                        textAlign: 'center',
                        px: 0.25,
                        whiteSpace: 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                      }}
                    >
                      {translate('resources.publications.photos.processing')}
                    </Box>
                  )}
                </Box>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Tooltip title={translate('resources.publications.photos.makeCover')}>
                    {/* a disabled button gives the tooltip no events: the span does */}
                    <span>
                      <IconButton
                        size="small"
                        aria-label={translate('resources.publications.photos.makeCover')}
                        disabled={index === 0}
                        onClick={() => reorder(index, 0)}
                      >
                        <StarOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('resources.publications.photos.remove')}>
                    <IconButton
                      size="small"
                      aria-label={translate('resources.publications.photos.remove')}
                      onClick={() => setPhotos(photos.filter((_, i) => i !== index))}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
                {error && (
                  <FormHelperText error sx={{ mx: 0 }}>
                    {error}
                  </FormHelperText>
                )}
              </Box>
            );
          })}
          {uploads.map((u) => {
            const percent = Math.round(u.progress * 100);
            return (
              <Box
                key={u.key}
                role="listitem"
                aria-label={translate('resources.publications.photos.uploading', { name: u.file.name })}
                data-testid="photo-upload"
                sx={{ minWidth: 0 }}
              >
                <Box
                  component="img"
                  src={u.preview}
                  alt=""
                  sx={{ ...THUMB, objectFit: 'cover', display: 'block', borderRadius: 1, opacity: 0.6 }}
                />
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  aria-label={translate('resources.publications.photos.uploading', { name: u.file.name })}
                  sx={{ mt: 1 }}
                />
                <Typography variant="caption" color="text.secondary">
                  {translate('resources.publications.photos.percent', { percent })}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}

      {refusals.length > 0 && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          {refusals.map((r) => (
            <Alert
              key={r.key}
              severity="error"
              onClose={() => setRefusals((list) => list.filter((x) => x.key !== r.key))}
            >
              {r.name
                ? translate('resources.publications.photos.refused', { name: r.name, message: r.message })
                : r.message}
            </Alert>
          ))}
        </Stack>
      )}
      {fieldState.error?.message && (
        <FormHelperText error>
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      )}
      <Box aria-live="polite" sx={SCREEN_READER_ONLY}>
        {announcement}
      </Box>
    </Box>
  );
}

import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadFolder } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';

const m = messages.uploads;

/** SPEC §5's two messages per folder: wrong type, too large. */
const folderMessages: Record<UploadFolder, { invalidType: string; tooLarge: string }> = {
  audio: { invalidType: m.audioInvalidType, tooLarge: m.audioTooLarge },
  images: { invalidType: m.imageInvalidType, tooLarge: m.imageTooLarge },
  documents: { invalidType: m.documentInvalidType, tooLarge: m.documentTooLarge },
};

/** Other spellings of an allowed extension. */
const EXTENSION_ALIASES: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', oga: 'ogg', opus: 'ogg' };

/** MIME types of each folder's formats, for files whose name has no extension. */
const FOLDER_MIME_TYPES: Record<UploadFolder, readonly string[]> = {
  audio: [
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/vnd.wave',
    'audio/mp4',
    'audio/x-m4a',
    'audio/m4a',
    'audio/ogg',
    'application/ogg',
  ],
  images: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'],
  documents: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'text/plain',
  ],
};

function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  const extension = name.slice(dot + 1).toLowerCase();
  return EXTENSION_ALIASES[extension] ?? extension;
}

/**
 * Why `file` cannot go into `folder` (SPEC §5 upload rules), or undefined when it can. The
 * name's extension decides (the MIME type when there is none); the server checks the content.
 */
export function contentFileProblem(folder: UploadFolder, file: Pick<File, 'name' | 'size' | 'type'>): string | undefined {
  const extension = extensionOf(file.name);
  const allowed = extension ? UPLOAD_TYPES[folder].includes(extension) : FOLDER_MIME_TYPES[folder].includes(file.type.toLowerCase());
  if (!allowed) return folderMessages[folder].invalidType;
  if (file.size > UPLOAD_MAX_BYTES[folder]) return folderMessages[folder].tooLarge;
  return undefined;
}

/** The `accept` attribute of a folder's file input. */
export function acceptOf(folder: UploadFolder): string {
  return UPLOAD_ACCEPT[folder];
}

/** '2.4 MB', '812 KB': a file size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The file name at the end of a stored URL ('/storage/podcasts/audio/17356_ab12.mp3' → '17356_ab12.mp3'). */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || url;
  } catch {
    return name || url;
  }
}

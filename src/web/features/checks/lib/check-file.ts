import { UPLOAD_MAX_BYTES } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { CHECK_FILE_TYPES } from '../../../../shared/schemas/checks';

/** The picker's filter: the formats a check reads. The server decides by content, so a file outside it still gets the server's reason. */
export const CHECK_FILE_ACCEPT = CHECK_FILE_TYPES.map((type) => `.${type}`).join(',');

/** A checked document is a document upload: the same 20 MB the server enforces. */
export const CHECK_MAX_BYTES = UPLOAD_MAX_BYTES.documents;

/**
 * Why this file is refused before it is sent, or undefined. Only the size is judged here: the
 * type is the server's to judge by content (a DWG gets its own explanation from there).
 */
export function checkFileProblem(file: Pick<File, 'size'>): string | undefined {
  return file.size > CHECK_MAX_BYTES ? messages.checkPage.upload.tooLarge : undefined;
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadFolder } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { fileOfSize } from '../test/content-fixtures';
import { FileField } from './file-field';

const onChosen = vi.fn();

function Harness({ folder, currentUrl }: { folder: UploadFolder; currentUrl?: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [current, setCurrent] = useState(currentUrl ?? null);
  return (
    <FileField
      folder={folder}
      label="Audio file"
      file={file}
      onFileChange={(f) => {
        onChosen(f);
        setFile(f);
      }}
      currentUrl={current}
      onRemoveCurrent={() => setCurrent(null)}
    />
  );
}

describe('FileField (SPEC §5: Invalid File / File Selected)', () => {
  beforeEach(() => onChosen.mockReset());

  it("toasts 'File Selected' for a good file and shows it", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    render(<Harness folder="audio" />);
    const file = new File(['RIFF'], 'episode.wav', { type: 'audio/wav' });
    await user.upload(screen.getByLabelText('Audio file'), file);
    expect(success).toHaveBeenCalledWith(messages.uploads.fileSelectedTitle, { description: 'episode.wav (4 B)' });
    expect(onChosen).toHaveBeenLastCalledWith(file);
    expect(screen.getByText('episode.wav')).toBeInTheDocument();
    // Clearing the choice empties the input.
    await user.click(screen.getByRole('button', { name: 'Clear Audio file' }));
    expect(onChosen).toHaveBeenLastCalledWith(null);
    expect((screen.getByLabelText('Audio file') as HTMLInputElement).files).toHaveLength(0);
  });

  it("toasts 'Invalid File' for another type, with SPEC's message, and clears the input", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const error = vi.spyOn(toast, 'error');
    render(<Harness folder="audio" />);
    const input = screen.getByLabelText('Audio file') as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(error).toHaveBeenCalledWith(messages.uploads.invalidFileTitle, { description: messages.uploads.audioInvalidType });
    expect(input.value).toBe('');
    expect(onChosen).toHaveBeenLastCalledWith(null);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(messages.uploads.audioInvalidType));
  });

  it("toasts 'Invalid File' for an image over 5 MB", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    render(<Harness folder="images" />);
    await user.upload(screen.getByLabelText('Audio file'), fileOfSize('cover.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(error).toHaveBeenCalledWith(messages.uploads.invalidFileTitle, { description: messages.uploads.imageTooLarge });
    expect(onChosen).toHaveBeenLastCalledWith(null);
  });

  it('shows the stored file when editing, and can remove it', async () => {
    const user = userEvent.setup();
    render(<Harness folder="audio" currentUrl="/storage/podcasts/audio/1735689600000_cd34.mp3" />);
    expect(screen.getByRole('link', { name: '1735689600000_cd34.mp3' })).toHaveAttribute('href', '/storage/podcasts/audio/1735689600000_cd34.mp3');
    await user.click(screen.getByRole('button', { name: 'Remove current Audio file' }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

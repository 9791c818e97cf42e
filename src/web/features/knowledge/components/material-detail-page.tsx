import { ArrowLeftIcon, DownloadIcon, FileTextIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AppError } from '../../../../shared/errors';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/use-session';
import { useDownloadLink } from '../api/download-link';
import { useMaterial } from '../api/materials';
import { MaterialMarkdown } from './material-markdown';
import { FeaturedBadge, KindBadge, MaterialMeta, TagList } from './material-meta';
import { SignInPrompt } from '../../../components/sign-in-prompt';

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={paths.knowledgeHub}>
        <ArrowLeftIcon aria-hidden />
        Back to Knowledge Hub
      </Link>
    </Button>
  );
}

/** The whitepaper's download: a link signed for this file, so the session's token never sits in a URL. */
function DownloadWhitepaper({ fileUrl, viewer }: { fileUrl: string; viewer: string | null }) {
  const link = useDownloadLink(fileUrl, viewer);
  if (link.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The whitepaper cannot be downloaded right now. Please reload the page.
      </p>
    );
  }
  if (!link.data) {
    return (
      <Button className="self-start" disabled>
        <DownloadIcon aria-hidden />
        Download whitepaper
      </Button>
    );
  }
  return (
    <Button asChild className="self-start">
      <a href={link.data.url} download rel="noopener">
        <DownloadIcon aria-hidden />
        Download whitepaper
      </a>
    </Button>
  );
}

/** `/knowledge-hub/:id`: one article or whitepaper; guests see the abstract and a sign-in prompt. */
export function MaterialDetailPage() {
  const { id } = useParams();
  const { status, user } = useSession();
  const ready = status !== 'loading';
  const { data: material, isPending, isError, error } = useMaterial(id, user?.id ?? null, ready);

  if (!ready || (isPending && !isError)) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading…
        </p>
      </div>
    );
  }

  if (isError || !material) {
    const notFound = error instanceof AppError && error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
        <BackLink />
        <p role="alert" className="py-12 text-center text-muted-foreground">
          {notFound ? 'This article or whitepaper could not be found.' : 'Could not load this material. Please try again.'}
        </p>
      </div>
    );
  }

  const guest = status === 'signed-out' || material.preview;
  const fileUrl = material.file_url;

  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <BackLink />
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge kind={material.kind} />
          {material.featured ? <FeaturedBadge /> : null}
        </div>
        <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{material.title}</h1>
        <MaterialMeta material={material} />
        <TagList tags={material.tags} />
      </header>

      {material.image_url ? (
        <img
          src={material.image_url}
          alt=""
          width={1200}
          height={675}
          loading="lazy"
          decoding="async"
          className="aspect-[16/9] w-full rounded-xl object-cover"
        />
      ) : null}

      <section aria-labelledby="material-abstract" className="rounded-xl border bg-muted/40 p-4">
        <h2 id="material-abstract" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          Abstract
        </h2>
        <p className="leading-relaxed">{material.abstract}</p>
      </section>

      {guest ? (
        <SignInPrompt message={material.kind === 'whitepaper' ? 'Sign in to read the full whitepaper and download it.' : 'Sign in to read the full article.'} />
      ) : (
        <>
          {material.kind === 'whitepaper' && fileUrl ? <DownloadWhitepaper fileUrl={fileUrl} viewer={user?.id ?? null} /> : null}
          {material.content ? (
            <section aria-label="Content">
              <MaterialMarkdown>{material.content}</MaterialMarkdown>
            </section>
          ) : (
            <p className="flex items-center gap-2 text-muted-foreground">
              <FileTextIcon className="size-4" aria-hidden />
              {material.kind === 'whitepaper' ? 'The full text is in the downloadable whitepaper.' : 'No further content.'}
            </p>
          )}
        </>
      )}
    </article>
  );
}

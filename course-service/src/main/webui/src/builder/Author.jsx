// The author the editing link names, in the builder's header: picture and name (author.js).
import { t } from '../lib/labels.js';

export function Author({ author }) {
  if (!author) return null;
  const initial = (author.name || '?').trim().charAt(0).toUpperCase();
  return (
    <div class="b-author" title={author.name || undefined}>
      {author.avatar
        ? <img class="b-author-picture" src={author.avatar} alt="" referrerpolicy="no-referrer" />
        : <span class="b-author-picture b-author-initial" aria-hidden="true">{initial}</span>}
      {author.name && <span class="b-author-name"><span class="visually-hidden">{t('Editing as')} </span>{author.name}</span>}
    </div>
  );
}

import { Badge, Button, Checkbox, Popup, Selector } from 'antd-mobile';
import { FilterOutline } from 'antd-mobile-icons';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjects } from '../api/discovery-api';
import {
  countActiveFilters,
  GENDER_OPTIONS,
  type Gender,
  LANGUAGE_OPTIONS,
  type SpokenLanguage,
  THERAPIST_SORT_OPTIONS,
  type TherapistFilters,
} from '../api/therapist-filters';
import { useDisplay } from '../hooks/use-display';

interface Props {
  filters: TherapistFilters;
  onChange: (next: TherapistFilters) => void;
  /** Shown at the end of the filter row (the list/map switch). */
  extra?: ReactNode;
}

/** Sort chips in one scrollable row, and a "Filter" sheet (gender, language, available now, service). */
export function TherapistFilterBar({ filters, onChange, extra }: Props) {
  const { t } = useTranslation('discovery');
  const [isOpen, setIsOpen] = useState(false);
  const active = countActiveFilters(filters);
  return (
    <div className="filter-bar">
      <fieldset className="filter-bar__sorts">
        <legend className="visually-hidden">{t('filters.sortLabel')}</legend>
        {THERAPIST_SORT_OPTIONS.map((sort) => (
          <button
            key={sort}
            type="button"
            aria-pressed={filters.sort === sort}
            className={filters.sort === sort ? 'chip chip--active' : 'chip'}
            onClick={() => onChange({ ...filters, sort })}
          >
            {t(`filters.sort.${sort}`)}
          </button>
        ))}
      </fieldset>
      <Badge content={active > 0 ? active : null}>
        <button
          type="button"
          className="chip chip--filter"
          aria-haspopup="dialog"
          onClick={() => setIsOpen(true)}
        >
          <FilterOutline aria-hidden="true" /> {t('filters.filter')}
        </button>
      </Badge>
      {extra ? <span className="filter-bar__extra">{extra}</span> : null}
      <Popup
        visible={isOpen}
        onMaskClick={() => setIsOpen(false)}
        onClose={() => setIsOpen(false)}
        destroyOnClose
      >
        <FilterSheet
          filters={filters}
          onApply={(next) => {
            setIsOpen(false);
            onChange(next);
          }}
        />
      </Popup>
    </div>
  );
}

function FilterSheet({
  filters,
  onApply,
}: {
  filters: TherapistFilters;
  onApply: (next: TherapistFilters) => void;
}) {
  const { t } = useTranslation('discovery');
  const display = useDisplay();
  const projects = useProjects();
  const [draft, setDraft] = useState<TherapistFilters>(filters);
  const headingId = useId();

  return (
    <div className="filter-sheet" role="dialog" aria-modal="true" aria-labelledby={headingId}>
      <h2 id={headingId} className="filter-sheet__title">
        {t('filters.title')}
      </h2>
      <div className="filter-sheet__body">
        <h3 className="filter-sheet__label">{t('filters.gender')}</h3>
        <Selector<Gender>
          columns={3}
          options={GENDER_OPTIONS.map((value) => ({ value, label: t(`therapist.gender.${value}`) }))}
          value={draft.gender ? [draft.gender] : []}
          onChange={(values) => setDraft({ ...draft, gender: values[0] })}
        />
        <h3 className="filter-sheet__label">{t('filters.language')}</h3>
        <Selector<SpokenLanguage>
          columns={3}
          options={LANGUAGE_OPTIONS.map((value) => ({ value, label: display.spokenLanguage(value) }))}
          value={draft.language ? [draft.language] : []}
          onChange={(values) => setDraft({ ...draft, language: values[0] })}
        />
        <Checkbox
          className="filter-sheet__check"
          checked={draft.availableNow === true}
          onChange={(checked) => setDraft({ ...draft, availableNow: checked || undefined })}
        >
          {t('filters.availableNow')}
        </Checkbox>
        {projects.data && projects.data.length > 0 ? (
          <>
            <h3 className="filter-sheet__label">{t('filters.project')}</h3>
            <Selector<number>
              columns={2}
              options={projects.data.map((project) => ({ value: project.id, label: project.name }))}
              value={draft.projectId ? [draft.projectId] : []}
              onChange={(values) => setDraft({ ...draft, projectId: values[0] })}
            />
          </>
        ) : null}
      </div>
      <div className="filter-sheet__actions">
        <Button block onClick={() => setDraft({ sort: draft.sort })}>
          {t('filters.reset')}
        </Button>
        <Button block color="primary" onClick={() => onApply(draft)}>
          {t('filters.apply')}
        </Button>
      </div>
    </div>
  );
}

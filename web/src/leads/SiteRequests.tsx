import { Button, type ButtonProps } from '@mui/material';
import { lazy, useState } from 'react';
import { CALLBACK_FORM, QUESTION_FORM } from './forms';
import { LazyRequestDialog, useLazyModal } from './openers';

const LazyValuationDialog = lazy(() => import('./ValuationDialog'));

type OpenerProps = Omit<ButtonProps, 'children' | 'onClick'>;

/**
 * A button of one of the site's own request forms (the footer's, the burger's): its modal and its
 * code come on the first click; the request names the page it was sent from (its title then).
 */
export function RequestButton({ form, ...button }: { form: 'callback' | 'question' } & OpenerProps) {
  const texts = form === 'callback' ? CALLBACK_FORM : QUESTION_FORM;
  const [titlePage, setTitlePage] = useState('');
  const modal = useLazyModal(LazyRequestDialog, { ...texts, titlePage });
  return (
    <>
      <Button
        {...button}
        onClick={() => {
          setTitlePage(document.title);
          modal.open();
        }}
      >
        {texts.title}
      </Button>
      {modal.element}
    </>
  );
}

/** «Оценить квартиру»: the seller's valuation calculator (product.md section 3), a modal of its own chunk. */
export function ValuationButton(button: OpenerProps) {
  const [titlePage, setTitlePage] = useState('');
  const modal = useLazyModal(LazyValuationDialog, { titlePage });
  return (
    <>
      <Button
        {...button}
        onClick={() => {
          setTitlePage(document.title);
          modal.open();
        }}
      >
        Оценить квартиру
      </Button>
      {modal.element}
    </>
  );
}

import { Button, type ButtonProps } from '@mui/material';
import { lazy, useState, type ComponentType } from 'react';
import { CALLBACK_FORM, QUESTION_FORM } from './forms';
import { LazyRequestDialog, useLazyModal } from './openers';

const LazyValuationDialog = lazy(() => import('./ValuationDialog'));

type OpenerProps = Omit<ButtonProps, 'children' | 'onClick'>;

/**
 * A button opening a request modal whose request names the page it was sent from: the page's title
 * when the button is clicked (the modal's code comes on the first click).
 */
function PageRequestButton<P extends { open: boolean; onClose(): void; titlePage: string }>({
  modal: Modal,
  props,
  label,
  button,
}: {
  modal: ComponentType<P>;
  props: Omit<P, 'open' | 'onClose' | 'titlePage'>;
  label: string;
  button: OpenerProps;
}) {
  const [titlePage, setTitlePage] = useState('');
  const modal = useLazyModal(Modal, { ...props, titlePage } as Omit<P, 'open' | 'onClose'>);
  return (
    <>
      <Button
        {...button}
        onClick={() => {
          setTitlePage(document.title);
          modal.open();
        }}
      >
        {label}
      </Button>
      {modal.element}
    </>
  );
}

/** A button of one of the site's own request forms (the footer's, the burger's). */
export function RequestButton({ form, ...button }: { form: 'callback' | 'question' } & OpenerProps) {
  const texts = form === 'callback' ? CALLBACK_FORM : QUESTION_FORM;
  return <PageRequestButton modal={LazyRequestDialog} props={texts} label={texts.title} button={button} />;
}

/** «Оценить квартиру»: the seller's valuation calculator (product.md section 3), a modal of its own chunk. */
export function ValuationButton(button: OpenerProps) {
  return (
    <PageRequestButton modal={LazyValuationDialog} props={{}} label="Оценить квартиру" button={button} />
  );
}

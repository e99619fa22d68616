import { Fragment } from 'react';

/**
 * A code as 'GS-ABCD-…', allowed to wrap only after a dash: on a phone a code cut inside a group
 * is easily misread when it is read out. Copying still gives the code without spaces.
 */
export function VoucherCode({ code }: { code: string }) {
  return code.split('-').map((group, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          -<wbr />
        </>
      ) : null}
      {group}
    </Fragment>
  ));
}

type PageTitleProps = { title: string }

/** Sets the document title to 'Nestmate | <title>'; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: PageTitleProps) {
  return <title>{`Nestmate | ${title}`}</title>
}

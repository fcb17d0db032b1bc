// expect: maintainability/duplicated-string@4
function validate(form) {
  const errors = [];
  if (!form.name) errors.push('This field is required');
  if (!form.email) errors.push('This field is required');
  if (!form.city) errors.push('This field is required');
  return errors;
}
